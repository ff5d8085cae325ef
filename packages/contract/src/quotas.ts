/**
 * Free views and downloads, per-title rights and points prices (issue 7 item 2; spec §4 "Free-view flow", §5 "When
 * views or downloads run out", §7 checkBuyPopedom / ajaxBuyPopedom; research/maccms.md §1.2 group_popedom, §3 access
 * and purchase).
 *
 * The server decides: checkBuyPopedom says whether the caller may play (log type 4) or download (type 5) a title now
 * and why; the free use itself is taken when the client writes the log entry (ajaxUlog `ac=set`), which is refused
 * with 403 {@link QUOTA_CODE}.quotaUsedUp when the rule of spec §4 blocks the user.
 */
import { z } from 'zod';
import { INT_MAX } from './content.ts';
import { ok } from './envelope.ts';

/**
 * Failure codes of the quota and purchase refusals (HTTP 403), so the client shows the right screen:
 * - `noRight`: the caller's group lacks the play (3) / download (4) right of the title's category (MacCMS 3001/1001);
 * - `loginRequired`: a priced title and no session (MacCMS 4001);
 * - `buyRequired`: a priced title not bought yet, below VIP (MacCMS 3003/4003; buy with ajaxBuyPopedom);
 * - `quotaUsedUp`: the free views / downloads of today and the extra ones are used up (spec §4; choices of §5).
 */
export const QUOTA_CODE = { noRight: 4101, loginRequired: 4102, buyRequired: 4103, quotaUsedUp: 4104 } as const;

/** Log types the rule applies to: 4 play, 5 download (MacCMS ulog_type). */
export const QuotaType = z.coerce.number().int().min(4).max(5).default(4);

/** A title and what to do with it: `type` 4 play / 5 download, `sid`/`nid` 1-based source and episode (0 = all). */
export const PopedomQuery = z.object({
  id: z.coerce.number().int().min(1).max(INT_MAX),
  type: QuotaType,
  sid: z.coerce.number().int().min(0).max(1000).default(0),
  nid: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type PopedomQuery = z.infer<typeof PopedomQuery>;

/**
 * Why access is or is not granted:
 * - allowed: `vip` (group ≥ 3 never pays), `bought` (the title was bought with points), `tourist` (tourist mode:
 *   the free-view rule does not apply), `feed` (a title of a special feed category: small/short video, gallery, live,
 *   playlet; never metered, getDetail never locks it), `existed` (a log entry of the title exists: replays are free),
 *   `free` (a free use of today is left and will be taken by the log write), `extra` (an extra view/download bought
 *   by exchange, code or rewarded ad will be taken);
 * - refused: `no_right`, `login` (no session: a priced title, or any title outside tourist mode), `buy` (priced
 *   title not bought), `blocked`
 *   (free and extra uses are used up: watch an ad, log in or become VIP).
 */
export const PopedomReason = z.enum([
  'vip',
  'bought',
  'tourist',
  'feed',
  'existed',
  'free',
  'extra',
  'no_right',
  'login',
  'buy',
  'blocked',
]);
export type PopedomReason = z.infer<typeof PopedomReason>;

/** What a blocked user may do (spec §5): watch a rewarded ad, log in (guests), become VIP, or buy with points. */
export const PopedomChoice = z.enum(['ad', 'login', 'vip', 'points']);
export type PopedomChoice = z.infer<typeof PopedomChoice>;

/**
 * checkBuyPopedom answer. `price` the title's points price of this access (MacCMS vod_points_play / _down; 0 free),
 * `user_points` the caller's balance, `free` today's free uses of the caller's quota group (`total` per operator
 * day, `used` so far), `extra` the extra views/downloads on the ledger, `guest` whether the caller is the device's
 * automatic guest account or has no session (then `logged_in` false), `choices` what a refused caller may do.
 */
export const CheckBuyPopedomResponse = ok({
  allowed: z.boolean(),
  reason: PopedomReason,
  price: z.number().int(),
  bought: z.boolean(),
  user_points: z.number().int(),
  free: z.object({ total: z.number().int(), used: z.number().int() }),
  extra: z.number().int(),
  logged_in: z.boolean(),
  guest: z.boolean(),
  choices: z.array(PopedomChoice),
});
export type CheckBuyPopedomResponse = z.infer<typeof CheckBuyPopedomResponse>;

/**
 * ajaxBuyPopedom answer: `paid` the points taken now (0 when it was bought before: "already bought", nothing is
 * taken twice), `user_points` the balance after.
 */
export const BuyPopedomResponse = ok({
  bought: z.literal(true),
  paid: z.number().int(),
  user_points: z.number().int(),
});
export type BuyPopedomResponse = z.infer<typeof BuyPopedomResponse>;
