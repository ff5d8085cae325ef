/**
 * Social routes (spec/calls.md "community" rows friendList, friendCount, friendCheck, friendAdd, friendDel,
 * publicUserInfo, digg, shortUrl; diggState and openShortUrl). Transport only: rules in social.service.ts.
 *
 * Rate limits (429 'Please do not operate frequently'): per IP through the route's limit, and per member through a
 * limiter of @fastify/rate-limit keyed by user id (Redis-backed with REDIS_URL like every limit of the app):
 * follow and unfollow 30 a minute per member (120 per IP), digg 60 (240), shortUrl 20 (60); opening a short link
 * 120 a minute per IP.
 */
import { ErrorCode } from '@openvod/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { defineRoute } from '../../core/routes.ts';
import { currentUser, type UserRow } from '../accounts/accounts.service.ts';
import type { SocialService } from './social.service.ts';

const ok = { code: 1 as const, msg: 'ok' };

/** Register the social routes; `authenticate` resolves an optional session (homepage, like state). */
export function socialRoutes(
  app: FastifyInstance,
  social: SocialService,
  authenticate: (token: string) => Promise<UserRow>,
) {
  const optionalUser = async (req: FastifyRequest): Promise<UserRow | undefined> => {
    const token = req.client.authorcode;
    if (!token) return undefined;
    try {
      return await authenticate(token);
    } catch {
      return undefined;
    }
  };
  /** A per-member limiter: throws 429 once `user` made more than `max` calls of `name` in a minute. */
  const perMember = (name: string, max: number) => {
    const limit = app.createRateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (req) => `social-${name}:${req.user?.user_id ?? req.ip}`,
    });
    return async (req: FastifyRequest) => {
      const r = await limit(req);
      if (!r.isAllowed && r.isExceeded) throw new AppError(429, ErrorCode.rateLimited, 'rate_limited');
    };
  };
  const followLimit = perMember('follow', 30);
  const diggLimit = perMember('digg', 60);
  const shareLimit = perMember('share', 20);

  defineRoute(app, 'friendList', async ({ query, req }) => ({
    ...ok,
    ...(await social.list(currentUser(req), query.type, query.page, query.limit)),
  }));
  defineRoute(app, 'friendCount', async ({ query }) => ({ ...ok, ...(await social.counts(query.userId)) }));
  defineRoute(app, 'friendCheck', async ({ query, req }) => ({
    ...ok,
    info: await social.check(currentUser(req), query.userId),
  }));
  defineRoute(
    app,
    'friendAdd',
    async ({ query, req }) => {
      await followLimit(req);
      return { ...ok, info: await social.follow(currentUser(req), query.userId) };
    },
    { rateLimit: { max: 120, timeWindow: '1 minute' } },
  );
  defineRoute(
    app,
    'friendDel',
    async ({ query, req }) => {
      await followLimit(req);
      return { ...ok, info: await social.unfollow(currentUser(req), query.userId) };
    },
    { rateLimit: { max: 120, timeWindow: '1 minute' } },
  );
  defineRoute(app, 'publicUserInfo', async ({ params, req }) => ({
    ...ok,
    info: await social.publicInfo(params.id, await optionalUser(req)),
  }));
  defineRoute(
    app,
    'digg',
    async ({ params, query, req }) => {
      await diggLimit(req);
      return { ...ok, info: await social.digg(currentUser(req), params.id, query.cancel !== 1) };
    },
    { rateLimit: { max: 240, timeWindow: '1 minute' } },
  );
  defineRoute(app, 'diggState', async ({ params, req }) => ({
    ...ok,
    info: await social.diggState(params.id, await optionalUser(req)),
  }));
  defineRoute(
    app,
    'shortUrl',
    async ({ body, req }) => {
      await shareLimit(req);
      return { ...ok, info: await social.shortUrl(currentUser(req), body.url) };
    },
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );
  defineRoute(
    app,
    'openShortUrl',
    async ({ params, reply }) => {
      const path = await social.open(params.code);
      void reply.header('cache-control', 'no-store').redirect(`/#${path}`, 302);
      return reply as never;
    },
    { rateLimit: { max: 120, timeWindow: '1 minute' } },
  );
}
