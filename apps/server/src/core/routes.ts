/**
 * Registers a route from the contract's endpoint table (packages/contract/src/endpoints.ts), so the method, path,
 * operationId and schemas of every call come from one place. Its guard is derived from the endpoint's `auth` (core/auth.ts).
 *
 * Encrypted payloads (spec §7): for an endpoint marked `encrypted: true`, when the app's {@link PayloadCipher}
 * says the operator turned encryption on, a body `{ "encrypt_data": "<base64 DES-ECB>", "encrypt_state": 1 }` is
 * decrypted into the JSON body before validation (a `preValidation` hook), and the success response of such a
 * request leaves as `{ "code": 1, "msg": "ok", "encrypt_state": 1, "encrypt_data": "<the JSON payload, encrypted>" }`.
 * Plain bodies are still accepted (and answered in plain); errors are never encrypted. This is obfuscation for old
 * clients, not security (see lib/des.ts).
 */
import { type Endpoint, ErrorBody, ErrorCode, endpoints, type OperationId } from '@openvod/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { guardFor } from './auth.ts';
import { AppError } from './errors.ts';
import { assertNoNul } from './text-input.ts';

/** Encryption of `encrypt_data` payloads; decorated on the app as `payloadCipher` (modules/appconfig). */
export interface PayloadCipher {
  /** Whether the operator turned encryption on (app config `encrypt_state` 1 with a configured key). */
  enabled(): Promise<boolean>;
  /** base64 ciphertext -> UTF-8 text; throws on anything that is not valid ciphertext. */
  decrypt(data: string): string;
  /** UTF-8 text -> base64 ciphertext. */
  encrypt(text: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    payloadCipher?: PayloadCipher;
  }
  interface FastifyRequest {
    /** The body came encrypted: the success response is encrypted too. */
    encryptedPayload?: boolean;
  }
}

function isEncryptedEnvelope(body: unknown): body is { encrypt_data: string } {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return typeof b.encrypt_data === 'string' && (b.encrypt_state === 1 || b.encrypt_state === '1');
}

function encryptedBodyError() {
  return new AppError(400, ErrorCode.validation, 'encrypt_data_invalid', {}, 'encrypt_data');
}

/** preValidation hook of encrypted endpoints: replace the envelope by the decrypted JSON body. */
async function decryptBody(app: FastifyInstance, req: FastifyRequest) {
  if (!isEncryptedEnvelope(req.body)) return;
  const cipher = app.payloadCipher;
  // Encryption off: the envelope is not a valid body and fails validation as such.
  if (!cipher || !(await cipher.enabled())) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(cipher.decrypt(req.body.encrypt_data));
  } catch {
    throw encryptedBodyError();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw encryptedBodyError();
  // The root's NUL check (text-input.ts) saw only the envelope.
  assertNoNul(parsed, 'body');
  req.body = parsed;
  req.encryptedPayload = true;
}

/** onSend hook of encrypted endpoints: encrypt the serialised success payload of an encrypted request. */
async function encryptResponse(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  // A ready answer may come as its UTF-8 bytes (RawAnswer): encrypted as its text.
  const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
  if (!req.encryptedPayload || reply.statusCode !== 200 || typeof text !== 'string' || !app.payloadCipher) {
    return payload;
  }
  const parsed = JSON.parse(text) as { code?: unknown; msg?: unknown };
  return JSON.stringify({
    code: parsed.code ?? 1,
    msg: parsed.msg ?? 'ok',
    encrypt_state: 1,
    encrypt_data: app.payloadCipher.encrypt(text),
  });
}

type Ep<Op extends OperationId> = (typeof endpoints)[Op];
type Out<S> = S extends z.ZodTypeAny ? z.output<S> : undefined;

/** The typed input of an operation's handler. */
export interface RouteInput<Op extends OperationId> {
  params: Ep<Op> extends { params: infer P } ? Out<P> : Record<string, never>;
  query: Ep<Op> extends { query: infer Q } ? Out<Q> : Record<string, never>;
  body: Ep<Op> extends { body: infer B } ? Out<B> : undefined;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** A handler returns the success payload (validated against the response schema) or pre-serialised JSON text. */
export type RouteHandler<Op extends OperationId> = (
  input: RouteInput<Op>,
) => Promise<z.input<Ep<Op>['response']> | RawAnswer>;

/**
 * A ready JSON answer a handler returns instead of an object: its text, or its UTF-8 bytes (`raw` as a Buffer, or
 * `bytes` beside the text), sent as `application/json` without serialization.
 */
export interface RawAnswer {
  raw: string | Buffer;
  bytes?: Buffer;
}

/**
 * Register operation `op` with `handler`. The guard comes from the contract alone: an endpoint with `auth: 'user'`
 * runs `requireUser`, one with `auth: 'admin'` runs `requireAdmin` (core/auth.ts) before its handler; a route
 * cannot be registered without that guard or with another one.
 */
export function defineRoute<Op extends OperationId>(
  app: FastifyInstance,
  op: Op,
  handler: RouteHandler<Op>,
  options: { rateLimit?: { max: number; timeWindow: string }; bodyLimit?: number } = {},
) {
  const ep = endpoints[op] as Endpoint;
  const guard = guardFor(ep.auth);
  const tag = op.startsWith('admin') ? 'console' : 'app';
  app.route({
    method: ep.method,
    url: ep.path,
    schema: {
      operationId: op,
      summary: ep.summary,
      ...(ep.encrypted
        ? {
            description:
              'When the operator turns encryption on, the body may instead be {"encrypt_data": "<base64 DES-ECB of ' +
              'the JSON body>", "encrypt_state": 1}; the success answer is then {code, msg, encrypt_state: 1, ' +
              'encrypt_data}. Obfuscation for old clients, not security.',
          }
        : {}),
      tags: [tag],
      ...(ep.params ? { params: ep.params } : {}),
      ...(ep.query ? { querystring: ep.query } : {}),
      ...(ep.body ? { body: ep.body } : {}),
      ...(ep.auth ? { security: [{ authorcode: [] }] } : {}),
      response: { 200: ep.response, '4xx': ErrorBody, '5xx': ErrorBody },
    },
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(guard ? { preHandler: async (req: FastifyRequest) => guard(req) } : {}),
    ...(ep.encrypted
      ? {
          preValidation: async (req: FastifyRequest) => decryptBody(app, req),
          onSend: async (req: FastifyRequest, reply: FastifyReply, payload: unknown) =>
            encryptResponse(app, req, reply, payload),
        }
      : {}),
    handler: async (req, reply) => {
      const result = await handler({
        params: req.params as never,
        query: req.query as never,
        body: req.body as never,
        req,
        reply,
      });
      if (result && typeof result === 'object' && 'raw' in result) {
        // A ready JSON answer: its UTF-8 bytes when the handler has them (sent without a copy or an encoding pass:
        // half the CPU of a 35 KB home page sent as a string), else its text.
        const bytes = 'bytes' in result && Buffer.isBuffer(result.bytes) ? result.bytes : undefined;
        const raw = bytes ?? result.raw;
        if (typeof raw === 'string' || Buffer.isBuffer(raw)) {
          return reply.type('application/json; charset=utf-8').send(raw);
        }
      }
      return result;
    },
  });
}
