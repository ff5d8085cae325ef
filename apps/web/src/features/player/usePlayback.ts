/**
 * What the title page plays (spec §2 title page, issue 5 item 2): the episode from the route's `sid`/`nid`, else
 * from the watch record the title was opened with, else the first playable one; auto-next at the end; the switch
 * to another source (`sid`, same episode index) when one fails fatally, 'Play failed' only when all have failed;
 * the resume second (after a source switch: the second the failed source had reached, else the one it started
 * at); the watch record's saving (`useWatchProgress`).
 */
import type { VodDetail } from '@openvod/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type EpisodeRef, fallbackSource, lineName, nextEpisode, resolveSelection, type Selection } from './episodes';
import { useOpeningRecord, useWatchProgress } from './useWatchProgress';
import { resumePoint } from './watchRecord';

export interface Playback {
  selection: Selection | null;
  current: EpisodeRef | null;
  /** Play another episode (replaces the route's `sid`/`nid`). */
  select: (ref: EpisodeRef) => void;
  /** The next episode of the line, if any. */
  next: EpisodeRef | null;
  onEnded: () => void;
  /** For `VideoPlayer.onFailed`: switches to the next working source; false when none is left. */
  onFailed: () => boolean;
  /** For `VideoPlayer.startAt`: the resume second of the current episode (0: from the start). */
  startAt: number;
  /** For `VideoPlayer.onProgress`: saves the watch record. */
  onProgress: (currentTime: number, duration: number) => void;
  /** For `VideoPlayer.alert`: the last source switch. */
  alert: string;
}

/** Playback state of the title page for `vod` (undefined while loading) and the route's `sid`/`nid`. */
export function usePlayback(vod: VodDetail | undefined, sid: number | undefined, nid: number | undefined): Playback {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const opening = useOpeningRecord(vod?.vod_id);
  // Sources that failed for this title (cleared when the viewer picks an episode).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new set per title
  const failed = useMemo(() => new Set<number>(), [vod?.vod_id]);
  const [alert, setAlert] = useState('');
  // The position reached in the current episode (from the player's progress reports), and the second the source
  // switched to after a failure continues at: playback goes on where the failed line stopped, not at 0.
  const reached = useRef<{ ref: EpisodeRef; at: number } | null>(null);
  const [carry, setCarry] = useState<{ ref: EpisodeRef; at: number } | null>(null);

  // No episode in the route: the one the viewer was watching.
  const fromRecord = sid === undefined && nid === undefined && opening;
  const wantSid = fromRecord ? opening.sid : sid;
  const wantNid = fromRecord ? opening.nid : nid;
  const selection = useMemo(
    () => (vod ? resolveSelection(vod.sources, wantSid, wantNid) : null),
    [vod, wantSid, wantNid],
  );
  const current = useMemo<EpisodeRef | null>(
    () => (selection ? { sid: selection.source.sid, nid: selection.episode.nid } : null),
    [selection],
  );

  const replaceRoute = useCallback(
    (ref: EpisodeRef) => {
      setParams(
        (prev) => {
          const params = new URLSearchParams(prev);
          params.set('sid', String(ref.sid));
          params.set('nid', String(ref.nid));
          return params;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const select = useCallback(
    (ref: EpisodeRef) => {
      failed.clear();
      setAlert('');
      setCarry(null);
      replaceRoute(ref);
    },
    [replaceRoute, failed],
  );

  const next = useMemo(() => (vod && current ? nextEpisode(vod.sources, current) : null), [vod, current]);
  const onEnded = useCallback(() => {
    if (next) select(next);
  }, [next, select]);

  const startAt = !current
    ? 0
    : carry && sameRef(carry.ref, current)
      ? carry.at
      : resumePoint(opening, current.sid, current.nid);

  const onFailed = useCallback(() => {
    if (!vod || !current) return false;
    failed.add(current.sid);
    const to = fallbackSource(vod.sources, current, failed);
    if (!to) return false;
    const source = vod.sources.find((s) => s.sid === to.sid);
    // Where the failed line got to; before it played (no report, or 0 s before the resume seek), the second it was
    // started at (the resume point or an earlier line's position).
    const got = sameRef(reached.current?.ref, current) ? (reached.current?.at ?? 0) : 0;
    const at = got >= 1 ? got : startAt;
    setCarry(at > 0 ? { ref: to, at } : null);
    setAlert(t('player.lineSwitched', { name: lineName(source ?? { sid: to.sid, from: '' }, t('player.lines')) }));
    replaceRoute(to);
    return true;
  }, [vod, current, replaceRoute, failed, t, startAt]);

  const save = useWatchProgress(vod, selection);
  const onProgress = useCallback(
    (currentTime: number, duration: number) => {
      if (current && Number.isFinite(currentTime)) reached.current = { ref: current, at: currentTime };
      save(currentTime, duration);
    },
    [current, save],
  );
  return { selection, current, select, next, onEnded, onFailed, startAt, onProgress, alert };
}

const sameRef = (a: EpisodeRef | null | undefined, b: EpisodeRef | null | undefined) =>
  Boolean(a && b && a.sid === b.sid && a.nid === b.nid);
