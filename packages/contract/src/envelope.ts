/**
 * Response envelope of every OpenVod call (DESIGN.md §3).
 *
 * Success: `{ code: 1, msg: "ok", ...payload }` with the spec's payload keys (`list`, `info`, `total`, `page`,
 * `pagecount`, `limit`). Failure: `{ code: 0 | <catalogue code>, msg: "<message in the caller's language>" }`
 * with the HTTP status of spec §8.
 */
import { z } from 'zod';

/** Build the success envelope around a payload shape. */
export function ok<T extends z.ZodRawShape>(payload: T) {
  return z.object({ code: z.literal(1), msg: z.string(), ...payload });
}

/** Failure body. `field` names the offending input field on validation errors. */
export const ErrorBody = z.object({
  code: z.number().int(),
  msg: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * Error codes in failure bodies. 0 is the generic failure of MacCMS clients; the others let the web client map a
 * failure to the spec's message (spec §8) without parsing text.
 */
export const ErrorCode = {
  generic: 0,
  validation: 1001,
  notFound: 1004,
  unauthorized: 1401,
  forbidden: 1403,
  rateLimited: 1429,
  conflict: 1409,
  importFailed: 2001,
  dataDirLocked: 2002,
  internal: 1500,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Paged list payload (MacCMS naming): `page` is 1-based, `limit` the page size. */
export function paged<T extends z.ZodTypeAny>(item: T) {
  return ok({
    list: z.array(item),
    page: z.number().int(),
    pagecount: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  });
}
