/**
 * A small typed fetcher over the contract's endpoint table: `call('adminGetVod', { params: { id } })` sends the
 * operation's method to its path and returns its response type. Console calls carry `authorcode`; a 401 ends the
 * session (the router then shows the sign-in page).
 */

import { localeTag } from '@openvod/contract';
import {
  type CallArgs,
  type CallBody,
  type CallQuery,
  type CallRequest,
  type CallResult,
  createCall,
  type Op,
  resolveCall,
} from '@openvod/contract/client';
import { getLang } from './i18n.ts';
import { clearSession, getToken } from './session.ts';

/** The console's operations: every `admin*` operation of the contract. */
export type ConsoleOp = Extract<Op, `admin${string}`>;
/** Response payload of an operation (the success envelope). */
export type Res<K extends Op> = CallResult<K>;
/** Request body of an operation, as the caller writes it (defaults optional). */
export type Body<K extends Op> = CallBody<K>;
export type Query<K extends Op> = CallQuery<K>;

/** A failed call: HTTP status (0 for network failures), body code and message, and the offending field. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly field: string | undefined;
  constructor(status: number, code: number, msg: string, field?: string) {
    super(msg);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

function withQuery(path: string, query?: object): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    search.set(k, String(v));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The console's transport: `Accept-Language` of the chosen language, `authorcode` of the session, JSON or multipart
 * body. Resolves to the success envelope; rejects with an {@link ApiError}; a 401 (except on sign-in) ends the session.
 */
async function send(req: CallRequest): Promise<unknown> {
  const headers = consoleHeaders(req);
  let body: string | FormData | undefined;
  // A multipart upload (an endpoint marked `multipart`): the browser sets the content type with its boundary.
  if (typeof FormData !== 'undefined' && req.body instanceof FormData) {
    body = req.body;
  } else if (req.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(req.body);
  }

  return envelope(req, await transmit(req, headers, body));
}

/** Fetch the request's path and query; a network failure becomes an {@link ApiError} of status 0 (an abort stays). */
async function transmit(
  req: CallRequest,
  headers: Record<string, string>,
  body?: string | FormData,
): Promise<Response> {
  try {
    return await fetch(withQuery(req.path, req.query), { method: req.method, headers, body, signal: req.signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 0, '');
  }
}

/** The console's headers of a request: `Accept-Language` of the chosen language, the session's `authorcode`. */
function consoleHeaders(req: CallRequest): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': localeTag(getLang()),
    ...req.headers,
  };
  const token = getToken();
  if (token) headers.authorcode = token;
  return headers;
}

/** The success envelope of an answer, else an {@link ApiError}; a 401 (except on sign-in) ends the session. */
async function envelope(req: CallRequest, res: Response): Promise<unknown> {
  let data: unknown = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  const env = (data ?? {}) as { code?: unknown; msg?: unknown; field?: unknown };
  const msg = typeof env.msg === 'string' ? env.msg : '';
  const code = typeof env.code === 'number' ? env.code : 0;
  const field = typeof env.field === 'string' ? env.field : undefined;

  if (res.status === 401 && req.op !== 'adminLogin') clearSession('expired');
  if (!res.ok || code !== 1) throw new ApiError(res.status, code, msg || `HTTP ${res.status}`, field);
  return data;
}

/** `call('adminGetVod', { params: { id } })`: typed from the contract's endpoint table (@openvod/contract/client). */
export const call = createCall(send);

/**
 * An operation that answers with a file rather than JSON (`adminExportCodeBatch`'s CSV): sent like {@link call}, with
 * the console's headers; resolves to the body as a Blob, rejects with an {@link ApiError} when the server refuses.
 */
export async function callFile<K extends ConsoleOp>(op: K, args: CallArgs<K>): Promise<Blob> {
  const req = resolveCall(op, args);
  const res = await transmit(req, consoleHeaders(req));
  if (res.ok) return res.blob();
  await envelope(req, res);
  throw new ApiError(res.status, 0, `HTTP ${res.status}`);
}

/** The message to show for any error thrown by `call` (the server's, in the chosen language, when it sent one). */
export function errorMessage(e: unknown, fallback: string): string {
  if (e instanceof ApiError) return e.status === 0 || !e.message ? fallback : e.message;
  if (e instanceof Error && e.message) return e.message;
  return fallback;
}
