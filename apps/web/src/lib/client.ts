/**
 * `call(op, args)`: the viewer app's typed caller over the contract's endpoint table (@openvod/contract/client).
 * The operation gives method, path, `auth` (a 401 on a user-only call ends the stored session) and `encrypted`
 * (spec §7); params, query, body and the answer are typed from the operation's schemas. Requests go through
 * {@link api} (lib/api.ts: spec §3 headers, timeout, encrypted payloads, spec §8 errors as {@link ApiError}).
 *
 * `callRaw(op, args)` is the same call for an operation whose answer is a file, not the JSON envelope (the poster's
 * PNG): it resolves to the unread `Response`; `callAsUser(op, args)` the call of an open operation for the signed-in
 * user's own data (a 401 ends the session). No client code writes a method or an `/api/` path by hand
 * (client.test.ts scans the app for one).
 */
import { type CallRequest, type CallResult, createCall, type Op, resolveCall } from '@openvod/contract/client';
import { api, type QueryValue } from './api';

export type { CallBody, CallQuery, CallResult } from '@openvod/contract/client';
export { ApiError } from './api';

/**
 * Hands one resolved request to {@link api}.request. `raw`: resolve a 2xx answer to its unread Response; `asUser`: a
 * 401 ends the stored session even though the contract leaves the operation open (see {@link callAsUser}).
 */
function send(req: CallRequest, flags: { raw?: boolean; asUser?: boolean } = {}): Promise<unknown> {
  return api.request(req.path, {
    method: req.method,
    query: req.query as Record<string, QueryValue> | undefined,
    body: req.body,
    signal: req.signal,
    headers: req.headers,
    auth: flags.asUser || req.auth === 'user',
    encrypted: req.encrypted,
    ...(flags.raw ? { raw: true } : {}),
  });
}

/** Sends a call of any operation of the contract; resolves to its success envelope, rejects with an ApiError. */
export const call = createCall((req) => send(req));

/** The arguments of `call(op, ...)` after the operation (optional when the operation needs neither params nor body). */
export type CallRest<K extends Op> = Parameters<typeof call<K>> extends [unknown, ...infer R] ? R : never;

/**
 * `call` for an operation answered with a file (e.g. createQrcode's PNG): resolves to the 2xx `Response`, unread
 * (headers and body for the caller); a failure is read as the envelope's error and rejects with an ApiError.
 */
export function callRaw<K extends Op>(op: K, ...[args]: CallRest<K>): Promise<Response> {
  return send(resolveCall(op, args as Parameters<typeof resolveCall<K>>[1]), { raw: true }) as Promise<Response>;
}

/**
 * `call` of an open operation made for the signed-in user's own data (e.g. gbookView of "my requests"): a 401 answer
 * ends the stored session, as on a user-only operation.
 */
export function callAsUser<K extends Op>(op: K, ...[args]: CallRest<K>): Promise<CallResult<K>> {
  return send(resolveCall(op, args as Parameters<typeof resolveCall<K>>[1]), { asUser: true }) as Promise<
    CallResult<K>
  >;
}

/** The success envelope of `op` (shorthand of CallResult for the feature modules). */
export type Res<K extends Op> = CallResult<K>;
