/**
 * The movie-request and feedback calls of the viewer app (spec §7 gbookView, gbookSave, gbookField, gbookHit; the
 * screenshot upload and the badge counts) over the typed {@link call} (lib/client.ts).
 */
import type { GbookSaveBody } from '@openvod/contract';
import { call, callAsUser, type Res } from '../../lib/client';

type GbookOp = 'gbookView' | 'gbookUnread' | 'gbookSave' | 'gbookField' | 'gbookHit' | 'gbookUpload';
export type GbookRes<K extends GbookOp> = Res<K>;

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
  view: (p: ViewParams, signal?: AbortSignal) => {
    const args = {
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
    };
    // The caller's own lists need the session: a 401 there ends a stale one.
    return p.mine || p.type === 'feedback' ? callAsUser('gbookView', args) : call('gbookView', args);
  },
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
