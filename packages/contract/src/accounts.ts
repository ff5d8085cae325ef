/**
 * Accounts: users, groups, sessions, sign-in in every way the spec names, app config and app version
 * (spec §3 "User info", "App config"; §4 Launch/Session/Auto login; §5 validation; §7 "App and account" calls).
 * User sessions are opaque tokens in the `authorcode` header. Times the spec gives in seconds are seconds
 * (`user_noad_time`, `user_end_time`); the others ISO 8601.
 */
import { z } from 'zod';
import { ok } from './envelope.ts';
import { PlaceRegion } from './places.ts';

/** Spec §5: at least 6 characters, letters and digits mixed. */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{6,64}$/;
/** MacCMS user names: letters, digits, underscore; 3-32. Guest names are 8 hex characters. */
export const USER_NAME_RULE = /^[A-Za-z0-9_]{3,32}$/;
/** Mainland mobile number (11 digits, 1[3-9]x), optionally with +86. */
export const PHONE_RULE = /^(?:\+?86)?1[3-9]\d{9}$/;
export const SMS_CODE_RULE = /^\d{6}$/;
/** Names the server gives anonymised (deleted) accounts; nobody may register one. */
export const RESERVED_NAME_PREFIX = 'deleted_';

/** The first spec §5 rule a set of credentials breaks (keys of the server's and the web app's catalogues). */
export type CredentialProblem = 'account_format' | 'password_empty' | 'password_rule' | 'password_mismatch';

/**
 * Spec §5 checks, in the spec's order, shared by the server (which answers with the spec's exact messages:
 * 'The account format is incorrect!', 'Password cannot be empty!', 'The passwords are inconsistent twice!') and the
 * viewer app (which checks before sending). `reg` applies every rule; `login` only the account format, a non-empty
 * password and, when a confirmation is sent, that it matches (older accounts may predate the password rule).
 * Returns null when the credentials pass.
 */
export function credentialProblem(
  c: { user_name: string; user_pwd: string; user_pwd2?: string | undefined },
  mode: 'reg' | 'login' = 'reg',
): CredentialProblem | null {
  const name = c.user_name.trim();
  if (!USER_NAME_RULE.test(name) || (mode === 'reg' && name.startsWith(RESERVED_NAME_PREFIX))) {
    return 'account_format';
  }
  if (c.user_pwd === '') return 'password_empty';
  if (mode === 'reg' && !PASSWORD_RULE.test(c.user_pwd)) return 'password_rule';
  if ((mode === 'reg' || c.user_pwd2 !== undefined) && c.user_pwd2 !== c.user_pwd) return 'password_mismatch';
  return null;
}

/** The first spec §5 rule a phone sign-in input breaks (keys of the server's and the web app's catalogues). */
export type PhoneProblem = 'phone_invalid' | 'sms_code_empty';

/**
 * Spec §5 checks of the phone calls, shared by the server and the viewer app: the phone must be a correct mainland
 * number ({@link PHONE_RULE}, spaces and dashes ignored) and, when a code is part of the call, it must not be
 * empty. Returns null when the input passes.
 */
export function phoneCodeProblem(c: { phone: string; code?: string | undefined }): PhoneProblem | null {
  if (!PHONE_RULE.test(c.phone.replace(/[\s-]/g, ''))) return 'phone_invalid';
  if (c.code !== undefined && c.code.trim() === '') return 'sms_code_empty';
  return null;
}

/** A user's group (MacCMS `mac_group`): 1 guest, 2 member, 3+ VIP. `group_type` = comma list of allowed type_ids. */
export const Group = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  group_type: z.string(),
  group_status: z.number().int(),
});
export type Group = z.infer<typeof Group>;

/** Pending account deletion: requested, and processed after 3 working days. */
export const DeletionState = z.object({ requested_at: z.string(), process_after: z.string() });
export type DeletionState = z.infer<typeof DeletionState>;

/** The signed-in user's info (spec §3 "User info"); `user_phone` is masked (138****8000). */
export const UserInfo = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  user_nick_name: z.string(),
  user_portrait: z.string(),
  user_gender: z.number().int(),
  user_birthday: z.string(),
  user_phone: z.string(),
  group_id: z.number().int(),
  group_type: z.string(),
  group: Group,
  user_points: z.number().int(),
  /** Ad-free until (seconds since the epoch; 0 = none). */
  user_noad_time: z.number().int(),
  /** VIP end (seconds since the epoch; 0 = none). */
  user_end_time: z.number().int(),
  /** This user's own invitation code (to share). */
  invitation_code: z.string(),
  imei: z.string(),
  is_vip: z.boolean(),
  user_status: z.number().int(),
  deletion: DeletionState.nullable(),
  /**
   * The member's region of the personal centre (places.ts; saveRegion), null when none was chosen; absent when
   * the server runs without the places module.
   */
  region: PlaceRegion.nullable().optional(),
});
export type UserInfo = z.infer<typeof UserInfo>;

// Shapes only: the rules of spec §5 are checked by `credentialProblem` so that the answer carries the spec's exact
// message rather than a generic validation text.
const userName = z.string().trim().max(32);
const password = z.string().max(64);
// Phone and code are shapes too: `phoneCodeProblem` gives the spec §5 messages ('Phone number must be correct',
// 'The verification code is empty!').
const phone = z.string().trim().max(20).default('');
const smsCode = z.string().trim().max(6).default('');
const imei = z.string().trim().max(16).optional();
const invitationCode = z.string().trim().max(16).optional();

/** Session payload of every sign-in: the user and the token for `authorcode`. */
export const SessionResponse = ok({ info: UserInfo, token: z.string() });
export type SessionResponse = z.infer<typeof SessionResponse>;
export const UserInfoResponse = ok({ info: UserInfo });

/** RegCheck (spec §7): `t` is 'user_name'. Answers code 2 when the name exists, 1 when it is free (spec §4). */
export const RegCheckBody = z.object({
  str: z.string().trim().min(1).max(32),
  t: z.literal('user_name').default('user_name'),
});
export const RegCheckResponse = z.object({
  code: z.union([z.literal(1), z.literal(2)]),
  msg: z.string(),
  exists: z.boolean(),
});

/** Login (spec §7): user_name, user_pwd, user_pwd2 (confirmation, optional), imei. Rules: `credentialProblem`. */
export const LoginBody = z.object({
  user_name: userName,
  user_pwd: password,
  user_pwd2: password.optional(),
  imei,
});
/**
 * Reg (spec §7): as Login plus the invitation code taken from the launch URL. Rules: `credentialProblem` (a missing
 * confirmation counts as a mismatch).
 */
export const RegBody = z.object({
  user_name: userName,
  user_pwd: password,
  user_pwd2: password.default(''),
  imei,
  invitation_code: invitationCode,
});

export const PhoneBody = z.object({ phone });
export const PhoneCodeBody = z.object({ phone, code: smsCode, imei, invitation_code: invitationCode });
/**
 * oneClickLogin: local-number sign-in. `token` is the carrier token of Aliyun number authentication: `h5` (default)
 * the web SDK's `spToken` (GetPhoneWithToken), `app` the native SDK's access token (GetMobile).
 */
export const OneClickLoginBody = z.object({
  token: z.string().trim().min(1).max(2048),
  kind: z.enum(['h5', 'app']).default('h5'),
  imei,
  invitation_code: invitationCode,
});
/** Sent-code answer: seconds before another code may be asked for. */
export const CodeSentResponse = ok({ resend_after: z.number().int() });

/**
 * updateInfo: nickname (not empty: the server answers 'Nickname must not be empty'), gender 0 unknown / 1 male /
 * 2 female, birthday YYYY-MM-DD (a real, past date) or ''.
 */
export const UpdateInfoBody = z
  .object({
    user_nick_name: z.string().trim().max(32),
    user_gender: z.number().int().min(0).max(2),
    user_birthday: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]),
  })
  .partial();

/** bindPhone answer: the user and the points rewarded (bindPhonePoint, default 2; 0 when rebinding). */
export const BindPhoneResponse = ok({ info: UserInfo, point: z.number().int() });
/** keepAlive: points rewarded today by this call (0 when already issued; msg says so). */
export const KeepAliveResponse = ok({ point: z.number().int(), user_points: z.number().int() });
/** deleteAccount: request deletion, or `cancel: true` to withdraw the request. */
export const DeleteAccountBody = z.object({ cancel: z.boolean().default(false) });
export const DeleteAccountResponse = ok({ deletion: DeletionState.nullable() });

/** App config (spec §3 "App config"). `menu` items may be JSON strings, as the spec says. */
export const AppConfig = z.object({
  menu: z.array(z.union([z.string(), z.record(z.string(), z.unknown())])),
  template: z.object({ themeColor: z.string() }),
  scale: z.number().int(),
  domain_list: z.array(z.string()),
  ads: z.object({ list: z.array(z.unknown()), showGoogle: z.boolean(), showVipAd: z.boolean() }),
  player: z.record(z.string(), z.unknown()),
  app_barrage_state: z.number().int(),
  comment_status: z.number().int(),
  notice_state: z.number().int(),
  notice_title: z.string(),
  notice_desc: z.string(),
  app_privacy_policy_alert: z.number().int(),
  app_share_name: z.string(),
  app_privacy_policy: z.string(),
  app_user_agreement: z.string(),
  tourist_state: z.string(),
  app_short_name: z.string(),
  /** 1 when the calls marked encrypted expect `encrypt_data` (DES-ECB; obfuscation for old clients, not security). */
  encrypt_state: z.number().int(),
  /**
   * Spec §7 "the key named in encrypt_key": the 8-character DES key of `encrypt_data`, present only while
   * `encrypt_state` is 1 (it ships to every client: obfuscation, not security; docs/encryption.md).
   */
  encrypt_key: z.string().optional(),
  bindPhonePoint: z.number().int(),
  disCount: z.number().int(),
  sms_enabled: z.boolean(),
  one_click_enabled: z.boolean(),
  oauth_providers: z.array(z.string()),
});
export type AppConfig = z.infer<typeof AppConfig>;
export const AppConfigResponse = ok({ info: AppConfig });

/** checkUpdate: the client's version; answers whether a newer one is published. */
export const CheckUpdateBody = z.object({
  version: z.string().max(20).optional(),
  versionCode: z.coerce.number().int().min(0).optional(),
});
export const AppVersion = z.object({
  version: z.string(),
  version_code: z.number().int(),
  notes: z.string(),
  url: z.string(),
  force: z.boolean(),
});
export const CheckUpdateResponse = ok({ has_update: z.boolean(), info: AppVersion });

/** oauth: start third-party sign-in; wxLogin: the provider's callback. */
export const OauthQuery = z.object({
  provider: z.string().max(20).default('wechat'),
  redirect: z.string().max(1024).optional(),
});
export const OauthResponse = ok({ url: z.string(), state: z.string() });
export const WxLoginBody = z.object({
  code: z.string().min(1).max(512),
  state: z.string().min(1).max(128),
  invitation_code: invitationCode,
});

/** Encrypted envelope of the calls marked encrypted (spec §7): replaces the body when encrypt_state is 1. */
export const EncryptedBody = z.object({ encrypt_data: z.string().max(100_000), encrypt_state: z.literal(1) });

// ---- console ----
export const AdminUserQuery = z.object({
  wd: z.string().max(64).optional(),
  group_id: z.coerce.number().int().min(1).max(32767).optional(),
  user_status: z.coerce.number().int().min(0).max(1).optional(),
  deletion: z.enum(['pending']).optional(),
  /** 1: only the devices' automatic guest accounts (no phone, name derived from the device id); 0: only the others. */
  guest: z.coerce.number().int().min(0).max(1).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const AdminUserItem = UserInfo.extend({
  /** Unmasked phone for the operator. */
  user_phone_full: z.string(),
  /** The device's automatic guest account (spec §4 Auto login): no phone bound, name derived from the device id. */
  is_guest: z.boolean(),
  user_reg_time: z.string(),
  user_login_time: z.string(),
});
export const AdminUserListResponse = ok({
  list: z.array(AdminUserItem),
  page: z.number().int(),
  pagecount: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export const AdminUserResponse = ok({ info: AdminUserItem });
/** Operator edits: group, VIP end (seconds), status (0 disables and ends sessions). */
export const AdminUserUpdate = z
  .object({
    group_id: z.number().int().min(1).max(32767),
    user_end_time: z.number().int().min(0).max(4_102_444_800),
    user_status: z.number().int().min(0).max(1),
  })
  .partial();
/** Rights per category: 1 list, 2 detail, 3 play, 4 download, 5 try-see (MacCMS `group_popedom`). */
export const GroupPopedom = z.record(z.string().regex(/^\d{1,9}$/), z.array(z.number().int().min(1).max(5)));
/**
 * A group as the console sees it. `group_popedom` is what the operator stored; `group_rights` the rights that apply
 * (what checkBuyPopedom and getDetail decide with), per category of `group_type`: the stored entry, or every right but
 * try-see (1-4) for a category the group may open whose rights were never set (modules/accounts/group-rights.ts).
 */
export const AdminGroup = Group.extend({ group_popedom: GroupPopedom, group_rights: GroupPopedom });
export const AdminGroupListResponse = ok({ list: z.array(AdminGroup) });
export const AdminGroupResponse = ok({ info: AdminGroup });
const groupFields = {
  group_name: z.string().trim().min(1).max(30),
  /** Comma list of type_ids, e.g. "1,2,6". */
  group_type: z
    .string()
    .max(1000)
    .regex(/^(\d{1,9}(,\d{1,9})*)?$/),
  group_status: z.number().int().min(0).max(1),
  group_popedom: GroupPopedom,
};
export const AdminGroupBody = z.object({
  group_name: groupFields.group_name,
  group_type: groupFields.group_type.default(''),
  group_status: groupFields.group_status.default(1),
  group_popedom: groupFields.group_popedom.default({}),
});
/** Only the fields sent change (no defaults here: `AdminGroupBody.partial()` would reset the others). */
export const AdminGroupUpdate = z.object(groupFields).partial();
/**
 * The console's view of the app config: every public field plus the accounts settings that stay on the server
 * (AccountsService.settings reads them live): `keepalive_points` (daily keep-alive reward, 0 = none) and
 * `reg_ip_daily_limit` (registrations per IP per operator day, every sign-up path).
 */
export const AdminAppConfig = AppConfig.extend({
  keepalive_points: z.number().int().min(0).max(1_000_000),
  reg_ip_daily_limit: z.number().int().min(1).max(1_000_000),
});
export const AdminAppConfigResponse = ok({ info: AdminAppConfig });
/** `encrypt_key` comes from the ENCRYPT_KEY environment variable and cannot be edited. */
export const AdminAppConfigUpdate = AdminAppConfig.omit({
  sms_enabled: true,
  one_click_enabled: true,
  oauth_providers: true,
  encrypt_key: true,
}).partial();
export const AdminAppVersionResponse = ok({ info: AppVersion });
export const AdminAppVersionBody = z.object({
  version: z
    .string()
    .trim()
    .regex(/^\d+\.\d+\.\d+$/),
  version_code: z.number().int().min(1).max(2_000_000_000),
  notes: z.string().max(5000).default(''),
  url: z.string().max(1024).default(''),
  force: z.boolean().default(false),
});
