/**
 * Test double of the ajaxUlog calls (for the favourite sync tests of features/collections and features/wallpaper):
 * replaces `api.request` with an in-memory log that follows the server's rules. Only imported by tests.
 */
import type { UlogItem } from '@openvod/contract';
import { vi } from 'vitest';
import { api, type QueryValue } from './api';

/** An in-memory ajaxUlog with the server's rules: set toggles a favourite, cancel removes, reads newest first. */
export function fakeUlogServer() {
  let clock = 1_800_000_000;
  let rows: UlogItem[] = [];
  const calls: Record<string, QueryValue>[] = [];
  const key = (q: Record<string, QueryValue>) => `${q.mid}:${q.id}:${q.mid === 12 ? `${q.sid}:${q.nid}` : ''}`;
  const rowKey = (r: UlogItem) =>
    `${r.ulog_mid}:${r.ulog_rid}:${r.ulog_mid === 12 ? `${r.ulog_sid}:${r.ulog_nid}` : ''}`;
  vi.spyOn(api, 'request').mockImplementation(async (_path: string, opts?: { query?: Record<string, QueryValue> }) => {
    const q = opts?.query ?? {};
    calls.push(q);
    const mine = (r: UlogItem) => r.ulog_mid === Number(q.mid) && r.ulog_type === Number(q.type);
    if (q.ac !== 'set')
      return { code: 1, msg: 'ok', list: rows.filter(mine).sort((a, b) => b.ulog_time - a.ulog_time), point: 0 };
    if (q.cancel) {
      rows = rows.filter((r) => !(mine(r) && (q.id === undefined || rowKey(r) === key(q))));
      return { code: 1, msg: 'ok', list: [], point: 0 };
    }
    const existing = rows.find((r) => mine(r) && rowKey(r) === key(q));
    if (existing) {
      rows = rows.filter((r) => r !== existing);
      return { code: 1, msg: 'ok', list: [], point: 0 };
    }
    clock += 10;
    const row: UlogItem = {
      ulog_id: rows.length + 1,
      user_id: 7,
      ulog_mid: Number(q.mid),
      ulog_type: Number(q.type),
      ulog_rid: Number(q.id),
      ulog_sid: Number(q.sid ?? 0),
      ulog_nid: Number(q.nid ?? 0),
      ulog_time: clock,
      ulog_points: 0,
      ulog_progress: 0,
      ulog_duration: 0,
      data: {
        id: Number(q.id),
        name: `T${q.id}`,
        pic: `/p${q.id}.jpg`,
        type_id: 1,
        url: q.mid === 12 ? `/w/${q.id}-${q.nid}.jpg` : '',
      },
    };
    rows.push(row);
    return { code: 1, msg: 'ok', list: [row], point: 0 };
  });
  return { calls, rows: () => rows };
}
