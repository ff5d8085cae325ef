/**
 * `call(op, args)`: the viewer app's typed caller over the contract's endpoint table (@openvod/contract/client).
 * The operation gives method, path, `auth` (a 401 on a user-only call ends the stored session) and `encrypted`
 * (spec §7); params, query, body and the answer are typed from the operation's schemas. Requests go through
 * {@link api} (lib/api.ts: spec §3 headers, timeout, encrypted payloads, spec §8 errors as {@link ApiError}).
 */
import { type CallResult, createCall, type Op } from '@openvod/contract/client';
import { api, type QueryValue } from './api';

export type { CallBody, CallQuery, CallResult } from '@openvod/contract/client';
export { ApiError } from './api';

/** Sends a call of any operation of the contract; resolves to its success envelope, rejects with an ApiError. */
export const call = createCall((req) =>
  api.request(req.path, {
    method: req.method,
    query: req.query as Record<string, QueryValue> | undefined,
    body: req.body,
    signal: req.signal,
    headers: req.headers,
    auth: req.auth === 'user',
    encrypted: req.encrypted,
  }),
);

/** The success envelope of `op` (shorthand of CallResult for the feature modules). */
export type Res<K extends Op> = CallResult<K>;
