/**
 * Error handling and the response envelope (DESIGN.md §3; spec §8).
 *
 * Every failure leaves as `{ code, msg, field? }` with `msg` in the caller's language: validation 400 (code 1001,
 * naming the field and why), 401 'Unauthorized, please log in', 403 'Access denied', 404 'Request address error',
 * 429 'Please do not operate frequently', 500 'Internal server error'. Services throw {@link AppError}.
 */

import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from '@fastify/type-provider-zod';
import { ErrorCode, type Locale } from '@openvod/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type MessageKey, t } from './i18n/messages.ts';
import { localeOf } from './request-context.ts';

/** A message parameter: a value, or a text rendered in the caller's locale (a nested translated message). */
export type MessageParam = string | number | ((locale: Locale) => string);

/** A failure with an HTTP status, a catalogue code and a translatable message. */
export class AppError extends Error {
  constructor(
    public status: number,
    public code: number,
    public key: MessageKey,
    public params: Record<string, MessageParam> = {},
    public field?: string,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const notFound = (key: MessageKey = 'route_not_found') => new AppError(404, ErrorCode.notFound, key);
export const unauthorized = () => new AppError(401, ErrorCode.unauthorized, 'unauthorized');
export const forbidden = () => new AppError(403, ErrorCode.forbidden, 'forbidden');
export const badRequest = (key: MessageKey, params: Record<string, MessageParam> = {}, field?: string) =>
  new AppError(400, ErrorCode.validation, key, params, field);

interface ZodIssueLike {
  code?: string;
  keyword?: string;
  path?: (string | number)[];
  instancePath?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  input?: unknown;
  params?: { issue?: ZodIssueLike };
  message?: string;
}

function describeIssue(req: FastifyRequest, issue: ZodIssueLike, context: string) {
  const inner: ZodIssueLike = issue.params?.issue ?? {
    ...issue,
    code: issue.code ?? issue.keyword,
    minimum: (issue.params as { minimum?: number } | undefined)?.minimum,
    maximum: (issue.params as { maximum?: number } | undefined)?.maximum,
  };
  const path = inner.path?.length
    ? inner.path.join('.')
    : (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const field = path || context;
  let reason: string;
  switch (inner.code) {
    case 'invalid_type':
      reason = inner.input === undefined ? t(req.locale, 'v_required') : t(req.locale, 'v_type');
      break;
    case 'too_small':
      reason = t(req.locale, 'v_too_small', { min: String(inner.minimum ?? '') });
      break;
    case 'too_big':
      reason = t(req.locale, 'v_too_big', { max: String(inner.maximum ?? '') });
      break;
    case 'invalid_format':
    case 'invalid_string':
      reason = t(req.locale, 'v_format');
      break;
    default:
      reason = t(req.locale, 'v_value');
  }
  return { field, msg: t(req.locale, 'validation', { field, reason }) };
}

export function sendError(req: FastifyRequest, reply: FastifyReply, err: AppError) {
  const body: { code: number; msg: string; field?: string } = {
    code: err.code,
    msg: t(
      req.locale,
      err.key,
      Object.fromEntries(Object.entries(err.params).map(([k, v]) => [k, typeof v === 'function' ? v(req.locale) : v])),
    ),
  };
  if (err.field) body.field = err.field;
  return reply.code(err.status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** Install the error and not-found handlers on the root instance. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) return sendError(req, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0] as unknown as ZodIssueLike;
      const { field, msg } = describeIssue(req, first, error.validationContext ?? 'body');
      return reply.code(400).send({ code: ErrorCode.validation, msg, field });
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return sendError(req, reply, new AppError(500, ErrorCode.internal, 'internal'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(req, reply, new AppError(429, ErrorCode.rateLimited, 'rate_limited'));
    if (status === 413 || status === 415 || (status >= 400 && status < 500 && error.code?.startsWith('FST_ERR_CTP'))) {
      return reply.code(status).send({
        code: ErrorCode.validation,
        msg: t(req.locale, 'validation', { field: 'body', reason: t(req.locale, 'v_format') }),
      });
    }
    if (status === 404) return sendError(req, reply, notFound());
    if (status >= 400 && status < 500) {
      return reply.code(status).send({
        code: ErrorCode.generic,
        msg: t(req.locale, 'validation', { field: 'request', reason: t(req.locale, 'v_value') }),
      });
    }
    req.log.error({ err: error }, 'unhandled error');
    return sendError(req, reply, new AppError(500, ErrorCode.internal, 'internal'));
  });
  app.setNotFoundHandler((req, reply) => sendError(req, reply, notFound()));
}

/**
 * Fastify's `frameworkErrors` option (app.ts): errors its router raises before a request reaches a route, which
 * skip the error handler and the request hooks. A path parameter over the router's limit (FST_ERR_MAX_PARAM_LENGTH,
 * 100 characters) answers 414 and a path that does not decode (FST_ERR_BAD_URL) 400, both as `{code: 1001, msg,
 * field: 'path'}` in the caller's language (`lang` query or header, Accept-Language) like every other error.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const locale = localeOf(req);
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const reason = tooLong ? t(locale, 'v_too_big', { max: MAX_PARAM_LENGTH }) : t(locale, 'v_format');
  return reply
    .code(tooLong ? 414 : 400)
    .type('application/json; charset=utf-8')
    .send(
      JSON.stringify({
        code: ErrorCode.validation,
        msg: t(locale, 'validation', { field: 'path', reason }),
        field: 'path',
      }),
    );
}

/** The router's longest path parameter (Fastify's `maxParamLength`, set in app.ts). */
export const MAX_PARAM_LENGTH = 100;
