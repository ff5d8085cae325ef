/**
 * Follows, personal homepages, title likes and short links (spec §1 "following and fans", "likes"; §2 Me, profile:
 * fan-list, attention-list, friend-info; Me: share-to; §3 user state "attention count, fan count"; §7 friendList,
 * friendCount, friendCheck, friendAdd, friendDel, userinfo (publicUserInfo), digg, shortUrl; §9 daily task "share",
 * plog type 21). The server side is apps/server/src/modules/social.
 *
 * Errors: a member cannot follow themselves (400 `social_follow_self`); a deleted or unknown member is 404
 * `social_user_not_found`; following someone already followed, or unfollowing someone not followed, is 409 'Do not
 * repeat the operation'; writes are rate-limited per member and per IP (429 'Please do not operate frequently'); a
 * device's guest account must sign in first (401).
 */
import { z } from 'zod';
import { ok, paged } from './envelope.ts';

const userIdField = z.coerce.number().int().min(1).max(2_147_483_647);

/** friendAdd, friendDel, friendCheck, friendCount: the member concerned (`mac_user.user_id`). */
export const FriendTargetQuery = z.object({ userId: userIdField });

/** Follow state of the caller towards a member, and that member's counts after the call. */
export const FollowState = z.object({
  user_id: z.number().int(),
  /** The caller follows `user_id`. */
  is_follow: z.boolean(),
  /** Members `user_id` follows. */
  attent: z.number().int(),
  /** Members following `user_id`. */
  fan: z.number().int(),
});
export type FollowState = z.infer<typeof FollowState>;
export const FollowStateResponse = ok({ info: FollowState });

/** friendCount: the spec's `attent` (members followed) and `fan` (followers) of a member. */
export const FriendCountResponse = ok({ attent: z.number().int(), fan: z.number().int() });
export type FriendCountResponse = z.infer<typeof FriendCountResponse>;

/** Which list friendList gives: `attention` the members I follow, `fan` the members following me. */
export const FriendListType = z.enum(['attention', 'fan']);
export type FriendListType = z.infer<typeof FriendListType>;

export const FriendListQuery = z.object({
  type: FriendListType.default('attention'),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** A member in a public card: the homepage header, a line of the fan and attention lists. */
export const PublicUser = z.object({
  user_id: z.number().int(),
  user_nick_name: z.string(),
  user_portrait: z.string(),
  group_id: z.number().int(),
  /** The member's group (level) name: Member, VIP... as the operator named it. */
  group_name: z.string(),
});
export type PublicUser = z.infer<typeof PublicUser>;

/** One line of friendList: the member, when the follow began (ISO 8601), and whether I follow them. */
export const FriendItem = PublicUser.extend({ follow_time: z.string(), is_follow: z.boolean() });
export type FriendItem = z.infer<typeof FriendItem>;
export const FriendListResponse = paged(FriendItem);
export type FriendListResponse = z.infer<typeof FriendListResponse>;

/** A member's region, as the places module keeps it (set on the personal centre; degrees WGS 84). */
export const Region = z.object({
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Region = z.infer<typeof Region>;

export const PublicUserParams = z.object({ id: userIdField });
/** publicUserInfo (the spec's `userinfo`): a member's homepage header. `is_follow` is false for a tourist. */
export const PublicUserInfo = PublicUser.extend({
  attent: z.number().int(),
  fan: z.number().int(),
  is_follow: z.boolean(),
  /** The caller is this member. */
  is_self: z.boolean(),
  region: Region.nullable(),
});
export type PublicUserInfo = z.infer<typeof PublicUserInfo>;
export const PublicUserInfoResponse = ok({ info: PublicUserInfo });

// ---------------------------------------------------------------------------------------------------------------
// Likes of titles (digg)

export const DiggParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
/** digg: `cancel=1` takes the like back; otherwise the title is liked (a repeat changes nothing). */
export const DiggQuery = z.object({ cancel: z.coerce.number().int().min(0).max(1).default(0) });
/** A title's likes (`mac_vod.vod_up`) and whether the caller likes it. */
export const DiggState = z.object({ vod_id: z.number().int(), vod_up: z.number().int(), digg: z.boolean() });
export type DiggState = z.infer<typeof DiggState>;
export const DiggResponse = ok({ info: DiggState });

// ---------------------------------------------------------------------------------------------------------------
// Short links (shortUrl) and sharing

/**
 * The app's pages a short link may lead to (hash routes of apps/web/src/lib/routes.ts): anything else is refused,
 * so a short link never redirects outside the app (no open redirect).
 */
export const SHAREABLE_PATHS = [
  '/pages/home/index',
  '/pages/detail/mov-detail',
  '/pages/me/friend-info',
  '/pages/smallvideo/index',
  '/pages/detail/small-detail',
  '/pages/playlet/index',
  '/pages/playlet/playlet-detail',
  '/pages/specialtopic/topic-list',
  '/pages/wallpaper/detail',
] as const;

/** Longest app path a short link keeps (characters). */
export const SHORT_PATH_MAX = 300;

/**
 * shortUrl body: `url`, an app page as `<path>?<query>` with a path of {@link SHAREABLE_PATHS} and query values of
 * letters, digits, `_` and `-` only (e.g. `/pages/detail/mov-detail?id=12`).
 */
export const ShortUrlBody = z.object({ url: z.string().trim().min(1).max(SHORT_PATH_MAX) });
/**
 * A short link: its code, the absolute link `<PUBLIC_URL>/s/<code>`, and the app page. A member's call pays the
 * daily "share" task on the server (plog type 21: once per page a day, up to the task's daily count): the task list shows it done.
 */
export const ShortUrlInfo = z.object({
  code: z.string(),
  url: z.string(),
  path: z.string(),
});
export type ShortUrlInfo = z.infer<typeof ShortUrlInfo>;
export const ShortUrlResponse = ok({ info: ShortUrlInfo });

export const ShortCodeParams = z.object({ code: z.string().min(1).max(16) });
/** GET /s/<code> answers a 302 redirect to `/#<path>` (404 in the envelope when the code is unknown). */
export const OpenShortUrlResponse = z.string().describe('302 redirect to the app page');

/**
 * The member of an identity QR (features/poster's card encodes `<PUBLIC_URL>/?code=<invite code>&uid=<user_id>`,
 * packages/contract/src/poster.ts): the `uid` of such a link, else undefined (anything else scanned is refused with
 * 'The scanning content is incorrect!').
 */
export function memberOfIdentityLink(text: string): number | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const uid = url.searchParams.get('uid') ?? '';
  const code = url.searchParams.get('code') ?? '';
  if (!/^[1-9]\d{0,9}$/.test(uid) || !/^[A-Za-z0-9]{1,16}$/.test(code)) return undefined;
  const n = Number(uid);
  return n <= 2_147_483_647 ? n : undefined;
}
