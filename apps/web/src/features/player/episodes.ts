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
 * The label of a line (source): the player's display name from the server's player table (`show`, getDetail), else
 * its code, else "<lines> <sid>" (`linesWord` is the translated word for lines). Never the raw code when named.
 */
export function lineName(s: Pick<Source, 'sid' | 'from' | 'show'>, linesWord: string): string {
  return s.show?.trim() || s.from || `${linesWord} ${s.sid}`;
}

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

/**
 * The source to switch to when `current`'s source has failed (spec §2/issue 5: sources switch by `sid`): the next
 * source in order, wrapping around, that has not failed yet (`failed` holds the failed sids, the current one
 * included or not) and has an episode at the same index as the current one. Null when none is left ('Play failed').
 */
export function fallbackSource(
  sources: readonly Source[],
  current: EpisodeRef,
  failed: ReadonlySet<number>,
): EpisodeRef | null {
  const from = sources.findIndex((s) => s.sid === current.sid);
  if (from < 0) return null;
  const index = sources[from]?.episodes.findIndex((e) => e.nid === current.nid) ?? -1;
  if (index < 0) return null;
  for (let step = 1; step < sources.length; step++) {
    const source = sources[(from + step) % sources.length];
    if (!source || source.sid === current.sid || failed.has(source.sid)) continue;
    const episode = source.episodes[index];
    if (episode && mediaUrl(episode.url)) return { sid: source.sid, nid: episode.nid };
  }
  return null;
}
