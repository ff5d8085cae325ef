/** The shape of one entry of the endpoint table. */
import type { z } from 'zod';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify-style path, `:name` for params. */
  path: string;
  params?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  response: z.ZodTypeAny;
  /** `admin`: console session required; `user`: a signed-in viewer (authorcode) required. */
  auth?: 'admin' | 'user';
  /** The body is multipart/form-data (not described by `body`). */
  multipart?: boolean;
  /** The body may come as `{encrypt_data, encrypt_state: 1}` (spec §7) when the operator turns encryption on. */
  encrypted?: boolean;
  summary: string;
}
