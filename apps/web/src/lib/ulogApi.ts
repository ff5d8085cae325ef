/**
 * The user-log calls of the collection pages (issue 7 item 1; spec §7 ajaxUlog, plays, favs) over the typed
 * {@link call} (lib/client.ts).
 *
 * - `toggle`: ajaxUlog `ac=set` of a favourite (type 2): adds it, or removes it when it is there (spec §4
 *   "Favourite/like toggle"); the answer's `list` holds the entry when it is now a favourite, [] when removed.
 * - `cancel`: ajaxUlog `ac=set&cancel=1`: removes the entry of title `id` (every entry of the type without `id`).
 * - `read`: ajaxUlog query of `mid`/`type` (at most 500 entries, newest first).
 */
import type { UlogItem } from '@openvod/contract';
import { ULOG_LIMIT, ULOG_TYPE } from '@openvod/contract';
import { type CallQuery, call } from './client';

function ulog(query: CallQuery<'ajaxUlog'>, signal?: AbortSignal) {
  return call('ajaxUlog', { query, signal });
}

/** Which entry: module (1 films, 12 wallpapers), title, and for a wallpaper its source and picture (1-based). */
export interface UlogRef {
  mid: number;
  id: number;
  sid?: number;
  nid?: number;
}

export const ulogApi = {
  /** Toggle the favourite `ref`: resolves true when it is a favourite now. */
  async toggle(ref: UlogRef): Promise<{ on: boolean; entry?: UlogItem; point: number }> {
    const res = await ulog({ ac: 'set', type: ULOG_TYPE.favourite, ...ref });
    return { on: res.list.length > 0, entry: res.list[0], point: res.point };
  },
  /** Remove one entry of `type` (or all of them without `ref.id`). */
  async cancel(type: number, ref: Partial<UlogRef> & { mid: number }): Promise<void> {
    await ulog({ ac: 'set', cancel: '1', type, ...ref });
  },
  /**
   * Add favourites that are not on the server (a guest's list merged into the account), one after the other from
   * the last of `refs` (the oldest of a newest-first list) so the server keeps their order. Answers, in the order of
   * `refs`, whether each is a favourite now (false when its call failed).
   */
  async addMissing(refs: readonly UlogRef[]): Promise<boolean[]> {
    const out: boolean[] = refs.map(() => false);
    for (let i = refs.length - 1; i >= 0; i--) {
      out[i] = await ulogApi.toggle(refs[i] as UlogRef).then(
        (x) => x.on,
        () => false,
      );
    }
    return out;
  },
  /** The user's entries of `mid`/`type`, newest first (at most 500). */
  async read(mid: number, type: number, signal?: AbortSignal): Promise<UlogItem[]> {
    return (await ulog({ mid, type, limit: ULOG_LIMIT }, signal)).list;
  },
};
