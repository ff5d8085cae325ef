/**
 * The quality choice of the player's 'more' panel (spec §2 Player overlay "more"): the renditions of a master
 * playlist as hls.js lists them (`hls.levels`), offered as "auto" and one choice per height.
 */
import type { QualityOption } from './PlayerPanels';

/** A rendition as hls.js describes it: picture height (px, 0 when the playlist does not say) and bandwidth (bit/s). */
export interface QualityLevel {
  height: number;
  bitrate: number;
}

/**
 * The choices for `levels` (hls.js level indexes): auto (-1) first, then one per height, highest first, labelled
 * `<height>p`; of several renditions of one height the highest bitrate is offered. Renditions without a height are
 * labelled by bitrate (`<kbit/s> kbps`). An empty list (or a single rendition) gives auto alone.
 */
export function qualityOptions(levels: readonly QualityLevel[]): QualityOption[] {
  const best = new Map<string, { level: number; height: number; bitrate: number }>();
  levels.forEach((l, level) => {
    const label = l.height > 0 ? `${l.height}p` : `${Math.round(l.bitrate / 1000)} kbps`;
    const seen = best.get(label);
    if (!seen || l.bitrate > seen.bitrate) best.set(label, { level, height: l.height, bitrate: l.bitrate });
  });
  const choices = [...best.entries()]
    .sort(([, a], [, b]) => b.height - a.height || b.bitrate - a.bitrate)
    .map(([label, { level }]) => ({ level, label }));
  return [{ level: -1, label: 'auto' }, ...(choices.length > 1 ? choices : [])];
}
