/**
 * Comment routes (operationIds of spec/calls.md: commentList, commentCount, commentDigg, commentReport,
 * commentDelete, commentSave; the review centre: commentMine, commentReplies, commentReadReplies, commentUserCount;
 * console: adminListComments, adminSetCommentStatus, adminDeleteComment, adminListCommentReports,
 * adminResolveCommentReports). Rules: comments.service.ts. Writes are limited per user and IP by the safety layer;
 * on top, 120 writes per minute per IP here.
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import { currentUser } from '../accounts/accounts.service.ts';
import type { CommentService } from './comments.service.ts';

const ok = { code: 1 as const, msg: 'ok' };
const writeLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/** Register the comment routes on `app`. */
export function commentRoutes(app: FastifyInstance, service: CommentService) {
  /** The signed-in reader's user id (for the `digg` flags of commentList), 0 for a tourist or a stale token. */
  const viewerId = async (authorcode: string | undefined): Promise<number> => {
    if (!authorcode) return 0;
    try {
      return (await app.services.accounts.caller(authorcode)).user_id;
    } catch {
      return 0;
    }
  };
  defineRoute(app, 'commentList', async ({ query, req }) => service.list(query, await viewerId(req.client.authorcode)));
  defineRoute(app, 'commentCount', async ({ query }) => ({
    ...ok,
    info: { total: await service.count(query.mid, query.rid) },
  }));
  defineRoute(
    app,
    'commentSave',
    async ({ body, req }) => ({ ...ok, info: await service.save(currentUser(req), req.ip, body) }),
    writeLimit,
  );
  defineRoute(
    app,
    'commentDigg',
    async ({ params, req }) => ({ ...ok, info: await service.digg(currentUser(req), params.id) }),
    writeLimit,
  );
  defineRoute(
    app,
    'commentReport',
    async ({ params, query, req }) => {
      await service.report(currentUser(req), req.ip, params.id, query.reason, query.text);
      return ok;
    },
    writeLimit,
  );
  defineRoute(
    app,
    'commentDelete',
    async ({ params, req }) => {
      await service.deleteOwn(currentUser(req), params.id);
      return ok;
    },
    writeLimit,
  );
  defineRoute(app, 'commentMine', async ({ query, req }) =>
    service.review(currentUser(req), 'mine', query.page, query.limit),
  );
  defineRoute(app, 'commentReplies', async ({ query, req }) =>
    service.review(currentUser(req), 'replies', query.page, query.limit),
  );
  defineRoute(app, 'commentReadReplies', async ({ req }) => {
    await service.readReplies(currentUser(req));
    return ok;
  });
  defineRoute(app, 'commentUserCount', async ({ req }) => ({
    ...ok,
    info: await service.userCounts(currentUser(req)),
  }));

  defineRoute(app, 'adminListComments', async ({ query }) => service.adminList(query));
  defineRoute(app, 'adminSetCommentStatus', async ({ params, body }) => ({
    ...ok,
    info: await service.setStatus(params.id, body.status),
  }));
  defineRoute(app, 'adminDeleteComment', async ({ params }) => {
    await service.adminDelete(params.id);
    return ok;
  });
  defineRoute(app, 'adminListCommentReports', async ({ query }) => service.reportQueue(query));
  defineRoute(app, 'adminResolveCommentReports', async ({ params, body }) => {
    await service.resolveReports(params.id, body.action);
    return ok;
  });
}
