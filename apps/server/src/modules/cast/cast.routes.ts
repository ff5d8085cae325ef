/**
 * Cast routes (spec §2 Casting; contract endpoints/cast.ts): castDiscover, castPlay, castControl, castStatus.
 * Any viewer may cast (guests too; play rights follow getDetail's group rules), but only from a client on the
 * server's own network (loopback, private or link-local address; 403 `cast_client_not_local` else), and every call
 * is rate-limited per client. The remux cache's cleanup (CastService.pruneCache) is a job: cast.jobs.ts.
 */
import { ErrorCode } from '@openvod/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { defineRoute } from '../../core/routes.ts';
import type { ContentService } from '../content/content.service.ts';
import type { CastService } from './cast.service.ts';
import { isLocalClient } from './network.ts';

function localOnly(req: FastifyRequest) {
  if (!isLocalClient(req.ip)) throw new AppError(403, ErrorCode.forbidden, 'cast_client_not_local');
}

export function castRoutes(app: FastifyInstance, cast: CastService, content: ContentService) {
  const ok = { code: 1 as const, msg: 'ok' };
  defineRoute(
    app,
    'castDiscover',
    async ({ req }) => {
      localOnly(req);
      return { ...ok, list: await cast.discover() };
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
  defineRoute(
    app,
    'castPlay',
    async ({ body, req }) => {
      localOnly(req);
      return { ...ok, info: await cast.play(body, await content.callerOf(req.client.authorcode)) };
    },
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  defineRoute(
    app,
    'castControl',
    async ({ body, req }) => {
      localOnly(req);
      return { ...ok, info: await cast.control(body) };
    },
    { rateLimit: { max: 120, timeWindow: '1 minute' } },
  );
  defineRoute(
    app,
    'castStatus',
    async ({ query, req }) => {
      localOnly(req);
      return { ...ok, info: await cast.status(query.device_id) };
    },
    { rateLimit: { max: 240, timeWindow: '1 minute' } },
  );
}
