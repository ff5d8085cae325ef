/**
 * The comments part of the community module (index.ts calls {@link registerComments}): builds
 * {@link CommentService} as `app.services.comments` on the safety layer (`app.services.community`, read at each
 * write), registers the routes (comments.routes.ts) and, on the accounts module's `user.deleted`, anonymises the
 * deleted user's comments inside the deletion transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../core/module.ts';
import { isGuestAccount } from '../accounts/index.ts';
import './comments.events.ts';
import { commentRoutes } from './comments.routes.ts';
import { CommentService } from './comments.service.ts';

declare module '../../core/module.ts' {
  interface Services {
    comments: CommentService;
  }
}

/** Build the comment service on `app`, its routes and its `user.deleted` handler. */
export function registerComments(app: FastifyInstance, ctx: ModuleContext): CommentService {
  const comments = new CommentService(ctx.db.db, {
    guard: (input) => app.services.community.guardWrite(input),
    reviewFirst: async () => (await app.services.community.settings()).review_first,
    commentStatus: async () => (await app.services.appConfig.get()).comment_status,
    isGuest: isGuestAccount,
    events: app.events,
  });
  app.services.comments = comments;
  app.events.on('user.deleted', ({ tx, user }) => comments.forgetUser(tx, user.user_id));
  commentRoutes(app, comments);
  return comments;
}
