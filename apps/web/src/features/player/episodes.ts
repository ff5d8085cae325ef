/** Which episode to play: from the route's `sid`/`nid` (1-based) or the first playable one. */
import type { Episode, Source } from '@openvod/contract';

export interface EpisodeRef {
  sid: number;
  nid: number;
}

export interface Selection {
  source: Source;
  episode: Episode;
}

const playable = (s: Source) => s.episodes.length > 0;

/**
 * Resolve the episode to start. A valid `sid` picks its source (else the first source with episodes); a valid
 * `nid` picks its episode in that source (else the source's first). `null` when no source has episodes.
 */
export function resolveSelection(sources: readonly Source[], sid?: number, nid?: number): Selection | null {
  const requested = sid === undefined ? undefined : sources.find((s) => s.sid === sid && playable(s));
  const source = requested ?? sources.find(playable);
  if (!source) return null;
  const episode =
    (requested && nid !== undefined ? source.episodes.find((e) => e.nid === nid) : undefined) ??
    (sid === undefined && nid !== undefined ? source.episodes.find((e) => e.nid === nid) : undefined) ??
    source.episodes[0];
  return episode ? { source, episode } : null;
}

/** The episode after `current` in the same source, if any. */
export function nextEpisode(sources: readonly Source[], current: EpisodeRef): EpisodeRef | null {
  const source = sources.find((s) => s.sid === current.sid);
  if (!source) return null;
  const index = source.episodes.findIndex((e) => e.nid === current.nid);
  const next = index >= 0 ? source.episodes[index + 1] : undefined;
  return next ? { sid: source.sid, nid: next.nid } : null;
}

/** An episode URL usable by the player: absolute and protocol-relative URLs stay, paths are made root-relative. */
export function mediaUrl(url: string): string {
  const s = url.trim();
  if (/^(https?:)?\/\//i.test(s) || s.startsWith('/') || /^blob:/i.test(s)) return s;
  if (/^[a-z][a-z0-9+.-]*:/i.test(s)) return '';
  return s ? `/${s}` : '';
}

export type Engine = 'hls.js' | 'native' | 'none';

/** hls.js when Media Source Extensions can run it, else the browser's own HLS (Safari/iOS), else nothing. */
export function chooseEngine(hlsSupported: boolean, video: Pick<HTMLVideoElement, 'canPlayType'>): Engine {
  if (hlsSupported) return 'hls.js';
  if (video.canPlayType('application/vnd.apple.mpegurl')) return 'native';
  return 'none';
}
