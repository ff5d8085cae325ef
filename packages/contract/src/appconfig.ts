/**
 * What the server and the apps both need to know of the app config and the app release (spec §3 "App config", §7
 * checkUpdate; issue 18 item 1): the defaults of every operator-editable field and the release the viewer app is.
 * One definition here; the server merges the operator's overrides over {@link APP_CONFIG_DEFAULTS}
 * (apps/server/src/modules/appconfig/appconfig.service.ts) and the viewer app falls back to it while the config call
 * fails (apps/web/src/lib/appConfig.ts).
 */
import type { AppConfig } from './accounts.ts';

/**
 * The release of the viewer app (apps/web) this installation ships: the version the app announces on every call
 * (headers `version` and `versionCode`, apps/web/src/lib/api.ts), shows in Me / Settings / feedback, and sends to
 * checkUpdate; the server's published version starts here (spec §7 checkUpdate: an operator publishes a newer one,
 * both numbers greater, and a client older than the published one is told to update). It continues the original
 * client's numbering (1.3.8 / 137), so it is a protocol-facing release number, not the npm workspaces' version
 * (package.json 0.1.0, private packages that are never published). Raise both numbers together when the app changes
 * in a way its users should be told of.
 */
export const APP_RELEASE = { version: '1.3.8', version_code: 137 } as const;

/** Fields of {@link AppConfig} the server computes at run time (never stored, never edited by the operator). */
export type AppConfigRuntimeField = 'sms_enabled' | 'one_click_enabled' | 'oauth_providers' | 'encrypt_key';
/** The operator-editable fields of the public app config. */
export type AppConfigEditable = Omit<AppConfig, AppConfigRuntimeField>;

const PRIVACY_POLICY = [
  '隐私政策',
  '我们重视您的隐私。为提供播放、登录、会员与积分等服务，我们会收集您主动提供的信息（如手机号、昵称、头像）以及设备标识、',
  '观看与缓存记录等必要信息，仅用于提供和改进服务、保障账号安全与防止作弊，不会出售您的个人信息。',
  '除法律法规要求或经您同意外，我们不会向第三方提供您的个人信息；接入的短信、支付、广告与第三方登录服务仅获得完成该项服务所需的信息。',
  '您可以在“设置”中查看与修改个人资料、清除缓存或申请注销账号，注销申请将在 3 个工作日内处理。',
  '如对本政策有疑问，请通过“意见反馈”与我们联系。',
].join('\n');

const USER_AGREEMENT = [
  '用户协议',
  '欢迎使用本应用。注册或登录即表示您已阅读并同意本协议。',
  '您应妥善保管账号与验证码，不得出借、转让或用于违法违规用途；通过作弊手段获取积分、会员或推广收益的，我们有权收回并限制账号。',
  '您发布的评论、弹幕与求片内容应遵守法律法规与公序良俗，不得侵犯他人合法权益，我们有权删除违规内容。',
  '会员、积分与推广收益的规则以应用内公示为准；虚拟权益一经兑换不予退还，法律另有规定的除外。',
  '我们会持续改进服务，并可能对本协议进行更新，更新后的协议将在应用内公布。',
].join('\n');

/**
 * Defaults of every operator-editable public field (issue 3: tourist_state '0', the teal theme `#14b8a6` operators
 * see in the console, bindPhonePoint 2, privacy alert on, the built-in policy and agreement texts in zh-CN). An
 * empty `menu` means "the first four top categories" (the server fills it); `ads.list` empty switches every ad slot
 * off ({@link slotOn} in ads.ts).
 */
export const APP_CONFIG_DEFAULTS: Readonly<AppConfigEditable> = {
  menu: [],
  template: { themeColor: '#14b8a6' },
  scale: 10,
  domain_list: [],
  ads: { list: [], showGoogle: false, showVipAd: false },
  player: {},
  app_barrage_state: 1,
  comment_status: 1,
  notice_state: 0,
  notice_title: '',
  notice_desc: '',
  app_privacy_policy_alert: 1,
  app_share_name: 'OpenVod',
  app_privacy_policy: PRIVACY_POLICY,
  app_user_agreement: USER_AGREEMENT,
  tourist_state: '0',
  app_short_name: 'OpenVod',
  encrypt_state: 0,
  bindPhonePoint: 2,
  disCount: 10,
};

/**
 * Defaults of the accounts settings the operator edits with the app config but that stay on the server (console
 * only, AdminAppConfig in accounts.ts): `keepalive_points` the daily keep-alive reward in points,
 * `reg_ip_daily_limit` registrations per IP address per operator day.
 */
export const ACCOUNT_SETTINGS_DEFAULTS = { keepalive_points: 1, reg_ip_daily_limit: 10 } as const;
