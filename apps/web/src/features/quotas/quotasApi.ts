/**
 * The quota calls of the viewer app (issue 7 item 2; spec §7 checkBuyPopedom, ajaxBuyPopedom, ajaxUlog `ac=set`)
 * over the typed {@link call} (lib/client.ts).
 */
import { ULOG_TYPE } from '@openvod/contract';
import { call } from '../../lib/client';

/** 4 play, 5 download. */
export type QuotaKind = 4 | 5;

export const quotasApi = {
  /** May the caller play / download the title now, and why (nothing is consumed). */
  check: (id: number, type: QuotaKind = 4, signal?: AbortSignal) =>
    call('checkBuyPopedom', { query: { id, type }, signal }),
  /** Buy the title's play / download access with points (once; a repeat takes nothing). */
  buy: (id: number, type: QuotaKind = 4) => call('ajaxBuyPopedom', { query: { id, type } }),
  /**
   * Write the watch entry of the episode about to play (spec §4: "otherwise a log entry is set"): the server takes
   * the free or extra view in the same call, or refuses with 403 (QUOTA_CODE).
   */
  claimView: (id: number, sid: number, nid: number) =>
    call('ajaxUlog', { query: { ac: 'set', mid: 1, type: ULOG_TYPE.watch, id, sid, nid } }),
};
