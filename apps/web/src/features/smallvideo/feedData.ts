/**
 * The small-video feed's stream choice. The helpers shared by every media feed (special category ids, details
 * around the current page, play/preload modes) are in lib/feedData.
 */
import type { VodDetail } from '@openvod/contract';
import { resolveSelection } from '../player';

/** The stream of a single-video title: first playable source, first episode; '' when it has none (or no rights). */
export function firstStream(detail: Pick<VodDetail, 'sources'> | undefined): string {
  if (!detail) return '';
  return resolveSelection(detail.sources)?.episode.url ?? '';
}
