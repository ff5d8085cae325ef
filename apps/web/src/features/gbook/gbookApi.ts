/**
 * The movie-request and feedback calls of the viewer app (spec §7 gbookView, gbookSave, gbookField, gbookHit; the
 * screenshot upload and the badge counts) over {@link api}. Method and path mirror the contract's endpoint table at
 * the type level (a wrong one fails tsc).
 */
import type { endpoints, GbookSaveBody } from '@openvod/contract';
import { api, type QueryValue } from '../../lib/api';

type Table = typeof endpoints;
type GbookOp = 'gbookView' | 'gbookUnread' | 'gbookSave' | 'gbookField' | 'gbookHit' | 'gbookUpload';
const routes: { [K in GbookOp]: Pick<Table[K], 'method' | 'path'> & { auth?: true } } = {
  gbookView: { method: 'GET', path: '/api/gbook' },
  gbookUnread: { method: 'GET', path: '/api/gbook/unread', auth: true },
  gbookSave: { method: 'POST', path: '/api/gbook', auth: true },
  gbookField: { method: 'POST', path: '/api/gbook/field', auth: true },
  gbookHit: { method: 'POST', path: '/api/gbook/:id/hit', auth: true },
  gbookUpload: { method: 'POST', path: '/api/gbook/upload', auth: true },
};
type Output<S> = S extends { _output: infer O } ? O : never;
export type GbookRes<K extends GbookOp> = Output<Table[K]['response']>;

function call<K extends GbookOp>(
  op: K,
  opts: {
    body?: unknown;
    query?: Record<string, QueryValue>;
    params?: Record<string, number>;
    signal?: AbortSignal;
    auth?: boolean;
  } = {},
): Promise<GbookRes<K>> {
  const r: { method: string; path: string; auth?: true } = routes[op];
  const path = r.path.replace(/:(\w+)/g, (_, k: string) => String(opts.params?.[k] ?? ''));
  return api.request<GbookRes<K>>(path, {
    method: r.method as 'GET' | 'POST',
    auth: opts.auth ?? r.auth,
    body: opts.body,
    query: opts.query,
    signal: opts.signal,
  });
}

/** Which list gbookView gives (see the contract's GbookViewQuery). */
export interface ViewParams {
  type: 'request' | 'feedback';
  mine?: boolean;
  state?: 'all' | 'requesting' | 'resolved';
  order?: 'time' | 'hits';
  id?: number;
  page?: number;
}

export const gbookApi = {
  view: (p: ViewParams, signal?: AbortSignal) =>
    call('gbookView', {
      query: {
        type: p.type,
        mine: p.mine ? 1 : undefined,
        state: p.state,
        order: p.order,
        id: p.id,
        page: p.page ?? 1,
        limit: 20,
      },
      signal,
      // The caller's own lists need the session: a 401 there ends a stale one.
      auth: Boolean(p.mine || p.type === 'feedback'),
    }),
  unread: (signal?: AbortSignal) => call('gbookUnread', { signal }),
  save: (body: GbookSaveBody) => call('gbookSave', { body }),
  field: () => call('gbookField'),
  hit: (id: number) => call('gbookHit', { params: { id } }),
  /** Upload one screenshot (multipart, field "file"); answers its key and address. */
  upload: (file: Blob, name = 'screenshot.jpg') => {
    const form = new FormData();
    form.append('file', file, name);
    return call('gbookUpload', { body: form });
  },
};
export type GbookListItem = GbookRes<'gbookView'>['list'][number];
export type GbookField = GbookRes<'gbookField'>['info'];
