/**
 * Rewarded ads that cannot be faked (issue 7 item 3; spec §4 "Rewarded ad wrapper", §5 "when views run out";
 * research/money.md §4 "Reward flow").
 *
 * Flow: the signed-in viewer asks for a single-use nonce (`rewardNonce`, purpose `view` | `download`), tied to the
 * user, the purpose, the ad and an expiry. The reward is granted ONLY by
 * - the operator's own video ad on the web: `rewardProgress` `start`, then `ended` no sooner than the ad's length
 *   (`duration_s`) after the server recorded the start (server clock), or
 * - the ad network's verified server callback carrying the nonce: AdMob SSV (`custom_data`, ECDSA P-256 / SHA-256)
 *   or uni-ad (`extra`, sign = sha256(`<appSecurityKey>:<trans_id>`)).
 * Each nonce pays once (+1 `views` or `downloads` on the ledger, key `reward:<nonce>`), within the daily cap per
 * user and purpose (operator days in the server's TZ).
 *
 * Units: durations in seconds, times ISO 8601, counts integers.
 */
import { z } from 'zod';
import { ok } from './envelope.ts';

export const REWARD_PURPOSES = ['view', 'download'] as const;
export const RewardPurpose = z.enum(REWARD_PURPOSES);
export type RewardPurpose = z.infer<typeof RewardPurpose>;

/** Where the rewarded ad is shown: the operator's own video ad (web) or a network SDK with a server callback. */
export const REWARD_NETWORKS = ['own', 'admob', 'uniad'] as const;
export const RewardNetwork = z.enum(REWARD_NETWORKS);
export type RewardNetwork = z.infer<typeof RewardNetwork>;

/** issued → started (own ads) → granted; or expired / capped (nothing paid). */
export const RewardStatus = z.enum(['issued', 'started', 'granted', 'expired', 'capped']);
export type RewardStatus = z.infer<typeof RewardStatus>;

export const RewardNonceBody = z.object({
  purpose: RewardPurpose,
  /** default 'own' (the web's own video ad). */
  network: RewardNetwork.default('own'),
  /** The title the viewer wanted to play or download (kept for the console). */
  vod_id: z.coerce.number().int().positive().optional(),
});
export type RewardNonceBody = z.input<typeof RewardNonceBody>;

/** The own video ad to show for a nonce (ad_show_type 1 rewarded, ad_type 2 video). */
export const RewardAd = z.object({
  ad_id: z.number().int(),
  ad_name: z.string(),
  ad_video_url: z.string(),
  ad_pic_url: z.string(),
  ad_url: z.string(),
  /** Seconds the ad must be watched (the server checks it). */
  ad_duration: z.number().int(),
});
export type RewardAd = z.infer<typeof RewardAd>;

export const RewardNonceInfo = z.object({
  nonce: z.string(),
  purpose: RewardPurpose,
  network: RewardNetwork,
  status: RewardStatus,
  /** Seconds to watch (own ads); 0 for networks. */
  duration_s: z.number().int(),
  expires_at: z.string(),
  /** own: the ad to show. Networks: null (the SDK picks the ad; pass `nonce` as custom_data / extra). */
  ad: RewardAd.nullable(),
  /** Rewards of this purpose granted to the user today and the daily cap. */
  today: z.number().int(),
  cap: z.number().int(),
});
export type RewardNonceInfo = z.infer<typeof RewardNonceInfo>;
export const RewardNonceResponse = ok({ info: RewardNonceInfo });

export const RewardProgressBody = z.object({
  nonce: z.string().min(16).max(64),
  /** 'start' when the ad starts playing (recorded once), 'ended' when it played to the end. */
  event: z.enum(['start', 'ended']),
});
export type RewardProgressBody = z.infer<typeof RewardProgressBody>;

export const RewardGrantInfo = z.object({
  nonce: z.string(),
  status: RewardStatus,
  /** true once the reward was paid (by this call or before). */
  granted: z.boolean(),
  /** 'ended': seconds still to watch when reported early (nothing paid), else 0. */
  remaining_s: z.number().int(),
  /** The views / downloads balance after the grant (null when not granted). */
  balance: z.number().int().nullable(),
});
export type RewardGrantInfo = z.infer<typeof RewardGrantInfo>;
export const RewardProgressResponse = ok({ info: RewardGrantInfo });

export const RewardNonceParams = z.object({ nonce: z.string().min(16).max(64) });
export const RewardStatusResponse = ok({ info: RewardGrantInfo });

/**
 * AdMob SSV callback query (developers.google.com/admob/android/ssv): GET, parameters in alphabetical order;
 * `signature` (web-safe base64 DER ECDSA) covers the query up to `&signature=`; `key_id` names the public key of
 * the key server. `custom_data` carries the nonce, `user_id` the user id.
 */
export const AdmobSsvQuery = z
  .object({
    ad_network: z.string().optional(),
    ad_unit: z.string().optional(),
    custom_data: z.string().optional(),
    key_id: z.string().optional(),
    reward_amount: z.string().optional(),
    reward_item: z.string().optional(),
    signature: z.string().optional(),
    timestamp: z.string().optional(),
    transaction_id: z.string().optional(),
    user_id: z.string().optional(),
  })
  .passthrough();

/**
 * uni-ad (DCloud, 穿山甲 rewarded video) server callback query: GET `user_id, trans_id, reward_name, reward_amount,
 * extra, sign` (newer versions add adpid, provider, platform); sign = sha256(`<appSecurityKey>:<trans_id>`) hex.
 * `extra` carries the nonce. Answered `{"isValid": true|false}`.
 */
export const UniadCallbackQuery = z
  .object({
    user_id: z.string().optional(),
    trans_id: z.string().optional(),
    reward_name: z.string().optional(),
    reward_amount: z.string().optional(),
    extra: z.string().optional(),
    sign: z.string().optional(),
  })
  .passthrough();
export const UniadCallbackResponse = z.object({ isValid: z.boolean() });

/** Console settings: daily caps per user and purpose, nonce lifetime. */
export const RewardSettings = z.object({
  /** Rewarded views per user per operator day (0 = rewarded views off). */
  daily_cap_view: z.number().int().min(0).max(1000),
  daily_cap_download: z.number().int().min(0).max(1000),
  /** Minutes a nonce stays valid (the network callback must arrive within it). */
  nonce_ttl_min: z.number().int().min(1).max(1440),
});
export type RewardSettings = z.infer<typeof RewardSettings>;
export const DEFAULT_REWARD_SETTINGS: RewardSettings = {
  daily_cap_view: 10,
  daily_cap_download: 10,
  nonce_ttl_min: 15,
};
export const RewardSettingsResponse = ok({ info: RewardSettings });

export const AdminRewardsReportQuery = z.object({
  /** Operator days YYYY-MM-DD (inclusive); default the last 7 days. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export const RewardReportRow = z.object({
  network: RewardNetwork,
  ad_id: z.number().int().nullable(),
  ad_name: z.string(),
  purpose: RewardPurpose,
  issued: z.number().int(),
  granted: z.number().int(),
});
export const RewardNonceRow = z.object({
  nonce: z.string(),
  user_id: z.number().int(),
  purpose: RewardPurpose,
  network: RewardNetwork,
  ad_id: z.number().int().nullable(),
  vod_id: z.number().int().nullable(),
  status: RewardStatus,
  duration_s: z.number().int(),
  transaction_id: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  granted_at: z.string().nullable(),
  expires_at: z.string(),
});
export type RewardNonceRow = z.infer<typeof RewardNonceRow>;
export const AdminRewardsReportResponse = ok({
  from: z.string(),
  to: z.string(),
  list: z.array(RewardReportRow),
  recent: z.array(RewardNonceRow),
  /** Whether the network callbacks can verify anything (key URL always set; uni-ad needs its secret). */
  networks: z.object({ admob_keys_url: z.string(), uniad_configured: z.boolean() }),
});
