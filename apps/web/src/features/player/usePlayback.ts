/**
 * What the title page plays (spec §2 title page, issue 5 item 2): the episode from the route's `sid`/`nid`, else
 * from the watch record the title was opened with, else the first playable one; auto-next at the end; the switch
 * to another source (`sid`, same episode index) when one fails fatally, 'Play failed' only when all have failed;
 * the resume second; the watch record's saving (`useWatchProgress`).
 */
import type { VodDetail } from '@openvod/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type EpisodeRef, fallbackSource, nextEpisode, resolveSelection, type Selection } from './episodes';
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
      replaceRoute(ref);
    },
    [replaceRoute, failed],
  );

  const next = useMemo(() => (vod && current ? nextEpisode(vod.sources, current) : null), [vod, current]);
  const onEnded = useCallback(() => {
    if (next) select(next);
  }, [next, select]);

  const onFailed = useCallback(() => {
    if (!vod || !current) return false;
    failed.add(current.sid);
    const to = fallbackSource(vod.sources, current, failed);
    if (!to) return false;
    const source = vod.sources.find((s) => s.sid === to.sid);
    setAlert(t('player.lineSwitched', { name: source?.from || `${t('player.lines')} ${to.sid}` }));
    replaceRoute(to);
    return true;
  }, [vod, current, replaceRoute, failed, t]);

  const startAt = current ? resumePoint(opening, current.sid, current.nid) : 0;
  const onProgress = useWatchProgress(vod, selection);
  return { selection, current, select, next, onEnded, onFailed, startAt, onProgress, alert };
}
