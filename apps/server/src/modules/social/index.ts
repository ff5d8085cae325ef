/**
 * The social module (spec §1 "following and fans", "likes"; §2 fan-list, attention-list, friend-info, share-to;
 * §7 friendList, friendCount, friendCheck, friendAdd, friendDel, userinfo, digg, shortUrl; §9 "share"): follows,
 * homepages, likes of titles and short links (social.service.ts), their routes (social.routes.ts) and its reaction
 * to the accounts module's `user.deleted` (the member's follows removed both ways, inside the deletion
 * transaction). It announces `share.created` (social.events.ts; the points module pays the share task). Shape of a
 * module: core/module.ts.
 *
 * Late-bound at request time: the accounts module (sessions) and the places module's `getRegion` (a member's
 * region on the homepage, null when none is saved).
 */
import { defineModule } from '../../core/module.ts';
import { isGuestAccount } from '../accounts/index.ts';
import './social.events.ts';
import { socialRoutes } from './social.routes.ts';
import { SocialService } from './social.service.ts';

declare module '../../core/module.ts' {
  interface Services {
    /** Follows, homepages, likes of titles, short links (modules/social). */
    social: SocialService;
  }
}

export const socialModule = defineModule('social', [], async (app, ctx) => {
  const social = new SocialService(ctx.db.db, {
    events: app.events,
    isGuest: isGuestAccount,
    publicUrl: ctx.config.publicUrl,
    // The places module's, read at request time (modules/places).
    region: (userId) => app.services.places.getRegion(userId),
  });
  app.services.social = social;
  app.events.on('user.deleted', ({ tx, user }) => social.forgetUser(tx, user.user_id));
  socialRoutes(app, social, (token) => app.services.accounts.authenticate(token));
});
