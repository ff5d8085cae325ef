/**
 * The apps' typed caller (`@openvod/contract/client`): `call('getDetail', { params: { id } })` sends the operation
 * to its method and path (src/routes.gen.ts, generated from the endpoint table) and resolves to the operation's
 * response type; the request's params, query and body are typed from the operation's schemas. Only types come from
 * the schemas: at run time this module holds the plain route table, so the apps do not ship zod.
 *
 * Each app brings its {@link Transport} (headers, session, encryption, errors): the viewer app's in
 * apps/web/src/lib/client.ts, the console's in apps/admin/src/api.ts. Adding an operation to the contract and running
 * `npm run routes` makes it callable, typed, from both apps.
 */
import type { z } from 'zod';
import type { Endpoint } from './endpoint-type.ts';
import type { endpoints } from './endpoints.ts';
import { routes } from './routes.gen.ts';

export { routes };

type Table = typeof endpoints;
/** Every operationId of spec/calls.md that the contract describes. */
export type Op = keyof Table;

type Schema<E, F extends 'params' | 'query' | 'body' | 'response'> = E extends { [P in F]: infer S extends z.ZodType }
  ? S
  : never;

/** The success envelope of `op` as the server sends it. */
export type CallResult<K extends Op> = z.output<Schema<Table[K], 'response'>>;
/** The JSON body of `op` as the caller writes it (defaults optional); a FormData for multipart operations. */
export type CallBody<K extends Op> = Table[K] extends { body: z.ZodType }
  ? z.input<Schema<Table[K], 'body'>>
  : Table[K] extends { multipart: true }
    ? FormData
    : never;
/** The query of `op` as the caller writes it. Values are sent as text; empty ones (`''`, null, undefined) are dropped. */
export type CallQuery<K extends Op> = Table[K] extends { query: z.ZodType }
  ? z.input<Schema<Table[K], 'query'>>
  : never;

/** `{ id: string | number }` for `/api/vod/:id`: one member per `:name` of the path. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [N in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [N in Name]: string | number }
    : unknown;

/** What a call carries besides the operation: abort signal and extra headers (e.g. `Idempotency-Key`). */
export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The second argument of `call(op, args)`: required when the operation has path params or a body. */
export type CallArgs<K extends Op> = (Table[K]['path'] extends `${string}:${string}`
  ? { params: PathParams<Table[K]['path']> }
  : { params?: never }) &
  (Table[K] extends { query: z.ZodType } ? { query?: CallQuery<K> } : { query?: never }) &
  (Table[K] extends { body: z.ZodType } | { multipart: true } ? { body: CallBody<K> } : { body?: never }) &
  CallOptions;

type RouteOf = {
  method: Endpoint['method'];
  path: string;
  auth?: Endpoint['auth'];
  encrypted?: true;
  multipart?: true;
};

/** One request, resolved from the route table, handed to the app's transport. */
export interface CallRequest extends CallOptions {
  op: Op;
  method: Endpoint['method'];
  /** The path with its params filled in (URI-encoded), without the query. */
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** `user`: a signed-in viewer's call; `admin`: a console session's (the transport decides what a 401 ends). */
  auth?: Endpoint['auth'];
  /** Spec §7: the body is sent encrypted while the operator has encryption on. */
  encrypted?: boolean;
  /** The body is a FormData (spec §7 portrait, gbook upload, poster background). */
  multipart?: boolean;
}

/** Sends one request and resolves to the parsed success envelope, or rejects with the app's error. */
export type Transport = (request: CallRequest) => Promise<unknown>;

/** Fills `:name` segments from `params`; a missing one is a programming error and throws. */
export function fillPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The request `call(op, args)` hands to the transport. Exported for the apps' tests. */
export function resolveCall<K extends Op>(op: K, args?: CallArgs<K>): CallRequest {
  const route: RouteOf = routes[op];
  if (!route) throw new Error(`unknown operation ${String(op)}`);
  const a = (args ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  } & CallOptions;
  const request: CallRequest = { op, method: route.method, path: fillPath(route.path, a.params) };
  if (a.query !== undefined) request.query = a.query;
  if (a.body !== undefined) request.body = a.body;
  if (a.signal) request.signal = a.signal;
  if (a.headers) request.headers = a.headers;
  if (route.auth) request.auth = route.auth;
  if (route.encrypted) request.encrypted = true;
  if (route.multipart) request.multipart = true;
  return request;
}

/** A typed `call(op, args)` over `transport`. `args` may be left out when the operation needs neither params nor body. */
export function createCall(transport: Transport) {
  return function call<K extends Op>(
    op: K,
    ...[args]: CallArgs<K> extends { params: unknown } | { body: unknown } ? [CallArgs<K>] : [CallArgs<K>?]
  ): Promise<CallResult<K>> {
    return transport(resolveCall(op, args)) as Promise<CallResult<K>>;
  };
}

/** The typed caller an app gets from {@link createCall}. */
export type Call = ReturnType<typeof createCall>;
