/**
 * Saving and resuming the watch record of the title being played (spec §3 watch record; see `watchRecord.ts`).
 * `onProgress` is the player's progress callback: it saves at most every {@link SAVE_EVERY_MS} while playing and
 * pushes to the server sync (signed-in users) at most every {@link PUSH_EVERY_MS}; the entry is also saved and pushed
 * when the episode changes and when the page is left (unmount, `pagehide`, the tab hidden).
 */
import type { Source, VodDetail } from '@openvod/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useUserId } from '../../lib/session';
import type { Selection } from './episodes';
import { findWatchRecord, getWatchRecordSync, useWatchRecordStore, type WatchRecord } from './watchRecord';

export const SAVE_EVERY_MS = 5_000;
export const PUSH_EVERY_MS = 30_000;

interface Pending {
  input: Omit<WatchRecord, 'time' | 'duration'>;
  dirty: boolean;
}

/** The record the title was opened with (read once per title and user), for the starting episode and second. */
export function useOpeningRecord(vodId: number | undefined): WatchRecord | undefined {
  const userId = useUserId();
  const record = useMemo(() => (vodId ? findWatchRecord(userId, vodId) : undefined), [userId, vodId]);
  // A signed-in user's record may be on the server only (another device): merged for the next opening.
  useEffect(() => {
    const pull = getWatchRecordSync()?.pull;
    if (!vodId || userId <= 0 || !pull) return;
    let live = true;
    pull(userId, vodId).then(
      (remote) => {
        if (live && remote) useWatchRecordStore.getState().mergeRemote(userId, remote);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId, vodId]);
  return record;
}

/** The player's `onProgress` for `vod` playing `selection`; null selection: nothing is saved. */
export function useWatchProgress(
  vod: Pick<VodDetail, 'vod_id' | 'vod_name' | 'vod_pic'> | undefined,
  selection: Selection | null,
): (currentTime: number, duration: number) => void {
  const userId = useUserId();
  const pending = useRef<Pending | null>(null);
  const lastSave = useRef(0);
  const lastPush = useRef(0);

  const flush = useCallback(
    (push: boolean) => {
      const p = pending.current;
      if (!p?.dirty) return;
      p.dirty = false;
      lastSave.current = Date.now();
      const record = useWatchRecordStore.getState().save(userId, p.input);
      const sync = getWatchRecordSync();
      if (push && userId > 0 && sync) {
        lastPush.current = Date.now();
        try {
          sync.push(userId, record);
        } catch {
          // The sync reports its own failures; the local record stands.
        }
      }
    },
    [userId],
  );

  // Episode (or title, or user) changes and leaving the page: save what is pending.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `selection` changing means the episode's entry is done
  useEffect(() => {
    const onHide = () => flush(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      flush(true);
    };
  }, [flush, selection]);

  const source: Source | undefined = selection?.source;
  const episode = selection?.episode;
  return useCallback(
    (currentTime: number, duration: number) => {
      if (!vod || !source || !episode || !Number.isFinite(currentTime)) return;
      const active = source.episodes.findIndex((e) => e.nid === episode.nid);
      pending.current = {
        dirty: true,
        input: {
          vod_id: vod.vod_id,
          vod_name: vod.vod_name,
          vod_pic: vod.vod_pic,
          play: episode.name,
          from: source.from,
          active: Math.max(0, active),
          dur: Number.isFinite(duration) ? duration : 0,
          cdur: currentTime,
          sid: source.sid,
          nid: episode.nid,
        },
      };
      const now = Date.now();
      if (now - lastSave.current >= SAVE_EVERY_MS) flush(now - lastPush.current >= PUSH_EVERY_MS);
    },
    [vod, source, episode, flush],
  );
}
