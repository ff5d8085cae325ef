/**
 * Registers a route from the contract's endpoint table (packages/contract/src/endpoints.ts), so the method, path,
 * operationId and schemas of every call come from one place. Console routes (`auth: 'admin'`) run the admin guard.
 */
import { type Endpoint, ErrorBody, endpoints, type OperationId } from '@openvod/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

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
) => Promise<z.input<Ep<Op>['response']> | { raw: string }>;

export type AdminGuard = (req: FastifyRequest) => Promise<void>;

export function defineRoute<Op extends OperationId>(
  app: FastifyInstance,
  op: Op,
  handler: RouteHandler<Op>,
  guard?: AdminGuard,
  options: { rateLimit?: { max: number; timeWindow: string }; bodyLimit?: number } = {},
) {
  const ep = endpoints[op] as Endpoint;
  const tag = op.startsWith('admin') ? 'console' : 'app';
  app.route({
    method: ep.method,
    url: ep.path,
    schema: {
      operationId: op,
      summary: ep.summary,
      tags: [tag],
      ...(ep.params ? { params: ep.params } : {}),
      ...(ep.query ? { querystring: ep.query } : {}),
      ...(ep.body ? { body: ep.body } : {}),
      ...(ep.auth ? { security: [{ authorcode: [] }] } : {}),
      response: { 200: ep.response, '4xx': ErrorBody, '5xx': ErrorBody },
    },
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(ep.auth && guard ? { preHandler: async (req: FastifyRequest) => guard(req) } : {}),
    handler: async (req, reply) => {
      const result = await handler({
        params: req.params as never,
        query: req.query as never,
        body: req.body as never,
        req,
        reply,
      });
      if (result && typeof result === 'object' && 'raw' in result && typeof result.raw === 'string') {
        return reply.type('application/json; charset=utf-8').send(result.raw);
      }
      return result;
    },
  });
}
