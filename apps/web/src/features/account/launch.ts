/**
 * Spec §4 "Launch", "Session" and "Auto login": fetch the app config, pick the best API address from
 * `domain_list`, then check the stored login; with no user (and tourists not allowed to stay anonymous,
 * `tourist_state` not '1') sign in the device's guest account: check its name, log in when it exists (code > 1),
 * else register it with the stored invitation code, then re-check. Every successful check triggers keep-alive (spec
 * §4): the server pays its reward once per operator day (server time zone), so the app does not try to guess the
 * operator's day from its own clock. Failures of config, login and keep-alive are swallowed (spec §8). Everything effectful comes in through {@link LaunchDeps}, so the tests drive it with fakes.
 */
import type { GuestCredentials } from '@openvod/contract';
import type { AppConfig, SessionPayload } from '../../lib/accountApi';
import { type AppConfigData, DEFAULT_APP_CONFIG, normalizeAppConfig } from '../../lib/appConfig';

type UserInfo = SessionPayload['info'];

export interface LaunchDeps {
  getAppConfig: () => Promise<{ info: AppConfig }>;
  checkLogin: () => Promise<{ info: UserInfo }>;
  keepAlive: () => Promise<{ user_points?: number }>;
  regCheck: (userName: string) => Promise<{ code: number }>;
  login: (body: { user_name: string; user_pwd: string; imei?: string }) => Promise<SessionPayload>;
  reg: (body: {
    user_name: string;
    user_pwd: string;
    user_pwd2: string;
    imei?: string;
    invitation_code?: string;
  }) => Promise<SessionPayload>;
  guestCredentials: (deviceId: string) => GuestCredentials;
  deviceId: () => string;
  /** Resolves when `base` answers; rejects otherwise. */
  probe: (base: string, signal: AbortSignal) => Promise<unknown>;
  session: {
    token: () => string;
    signIn: (token: string, user: UserInfo) => void;
    setUser: (user: UserInfo) => void;
    clear: () => void;
  };
  apiBase: () => string;
  setApiBase: (base: string) => void;
  invitationCode: () => string;
  /** Called as soon as the config is known (loaded or defaults), before the login check. */
  onConfig?: (config: AppConfigData, loaded: boolean) => void;
  /** Finish a third-party sign-in the provider sent the viewer back from (wxLogin); runs before the login check. */
  oauthLogin?: () => Promise<SessionPayload>;
  onOauthError?: (err: unknown) => void;
  /** Called with the config before auto login; resolves false to skip it. Default: proceed. */
  beforeAutoLogin?: (config: AppConfigData) => Promise<boolean>;
  probeTimeoutMs?: number;
}

export interface LaunchResult {
  config: AppConfigData;
  /** false when the config call failed and defaults are in use. */
  configLoaded: boolean;
  apiBase: string;
  user: UserInfo | null;
  /** How the session came about. */
  session: 'checked' | 'oauth' | 'guest-login' | 'guest-reg' | 'none';
}

export const PROBE_TIMEOUT_MS = 3000;

/** `domain_list` entries that are http(s) origins, without trailing slashes and duplicates. */
export function normalizeDomains(list: readonly unknown[] | undefined): string[] {
  const out: string[] = [];
  for (const item of list ?? []) {
    if (typeof item !== 'string') continue;
    const value = item.trim().replace(/\/+$/, '');
    if (/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(value) && !out.includes(value)) out.push(value);
  }
  return out;
}

/**
 * The fastest of `domains` to answer a probe within `timeoutMs`; '' (this origin) when the list is empty or none
 * answers. The losers' probes are aborted.
 */
export async function pickFastestDomain(
  domains: readonly string[],
  probe: (base: string, signal: AbortSignal) => Promise<unknown>,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<string> {
  if (domains.length === 0) return '';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await Promise.any(domains.map((base) => probe(base, controller.signal).then(() => base)));
  } catch {
    return '';
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** The local calendar day of `date` as YYYY-MM-DD (a date the viewer picked, e.g. a birthday). */
export function localDay(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Spec §4: auto login happens when nobody is signed in and tourists are not allowed to stay anonymous. */
export function shouldAutoLogin(config: Pick<AppConfigData, 'tourist_state'>, hasSession: boolean): boolean {
  return !hasSession && String(config.tourist_state) !== '1';
}

/** Spec §4 Auto login: code > 1 from regCheck means the guest name exists, so log in; otherwise register. */
export function guestAction(regCheckCode: number): 'login' | 'reg' {
  return regCheckCode > 1 ? 'login' : 'reg';
}

/** A failure the server answered (the session is not valid), as opposed to no answer at all (offline). */
function answeredByServer(err: unknown): boolean {
  const kind = (err as { kind?: string } | null)?.kind;
  return kind === 'server' || kind === 'http';
}

async function loadConfig(deps: LaunchDeps): Promise<{ config: AppConfigData; loaded: boolean }> {
  try {
    return { config: normalizeAppConfig((await deps.getAppConfig()).info), loaded: true };
  } catch {
    // A stored API address that stopped answering: fall back to this origin once.
    if (deps.apiBase()) {
      deps.setApiBase('');
      try {
        return { config: normalizeAppConfig((await deps.getAppConfig()).info), loaded: true };
      } catch {
        // fall through to the defaults
      }
    }
    return { config: DEFAULT_APP_CONFIG, loaded: false };
  }
}

/** checkLogin with the stored token: code 1 stores the user (and keeps the session alive once a day), else clear. */
export async function checkSession(deps: LaunchDeps): Promise<UserInfo | null> {
  if (!deps.session.token()) return null;
  try {
    const { info } = await deps.checkLogin();
    deps.session.setUser(info);
    keepAlive(deps, info);
    return info;
  } catch (err) {
    if (answeredByServer(err)) deps.session.clear();
    return null;
  }
}

/** Spec §4 keep-alive after a successful check; the server decides whether today's reward is still due. */
function keepAlive(deps: LaunchDeps, user: UserInfo): void {
  deps
    .keepAlive()
    .then((res) => {
      if (typeof res.user_points === 'number') deps.session.setUser({ ...user, user_points: res.user_points });
    })
    .catch(() => {
      // Spec §8: keep-alive failures are swallowed.
    });
}

/** Sign in the device's guest account (spec §4 Auto login). Returns how, or undefined when it failed. */
export async function autoLogin(deps: LaunchDeps): Promise<'guest-login' | 'guest-reg' | undefined> {
  try {
    const creds = deps.guestCredentials(deps.deviceId());
    const check = await deps.regCheck(creds.user_name);
    const action = guestAction(check.code);
    const res =
      action === 'login'
        ? await deps.login({ user_name: creds.user_name, user_pwd: creds.user_pwd, imei: creds.imei })
        : await deps.reg({
            user_name: creds.user_name,
            user_pwd: creds.user_pwd,
            user_pwd2: creds.user_pwd,
            imei: creds.imei,
            invitation_code: deps.invitationCode() || undefined,
          });
    deps.session.signIn(res.token, res.info);
    return action === 'login' ? 'guest-login' : 'guest-reg';
  } catch {
    // Spec §8: login failures are swallowed; the app stays anonymous.
    return undefined;
  }
}

export async function runLaunch(deps: LaunchDeps): Promise<LaunchResult> {
  const { config, loaded } = await loadConfig(deps);
  deps.onConfig?.(config, loaded);
  const domains = normalizeDomains(config.domain_list);
  if (domains.length > 0) {
    deps.setApiBase(await pickFastestDomain(domains, deps.probe, deps.probeTimeoutMs));
  } else if (loaded) {
    deps.setApiBase('');
  }
  let signedIn: 'oauth' | undefined;
  if (deps.oauthLogin) {
    try {
      const res = await deps.oauthLogin();
      deps.session.signIn(res.token, res.info);
      signedIn = 'oauth';
    } catch (err) {
      deps.onOauthError?.(err);
    }
  }
  let user = await checkSession(deps);
  let session: LaunchResult['session'] = user ? (signedIn ?? 'checked') : 'none';
  // A stored session the server could not confirm (offline) is kept, so no guest replaces it.
  const hasSession = Boolean(user) || Boolean(deps.session.token());
  if (shouldAutoLogin(config, hasSession) && (await (deps.beforeAutoLogin?.(config) ?? true))) {
    const how = await autoLogin(deps);
    if (how) {
      user = await checkSession(deps);
      session = user ? how : 'none';
    }
  }
  return { config, configLoaded: loaded, apiBase: deps.apiBase(), user, session };
}

/**
 * After a logout (or anything else that left the device with no session): sign the device's guest in again at once,
 * as the launch does (spec §4 Auto login), so the app keeps working without a reload. Nothing happens when the
 * config lets tourists stay anonymous (`tourist_state` '1'), when `allowed` is false (the privacy policy was
 * declined) or while a session is stored. Resolves the guest's user info, or null when no guest was signed in
 * (failures are swallowed, spec §8).
 */
export async function signInGuestAgain(
  deps: LaunchDeps,
  config: Pick<AppConfigData, 'tourist_state'>,
  allowed: boolean,
): Promise<UserInfo | null> {
  if (!allowed || !shouldAutoLogin(config, Boolean(deps.session.token()))) return null;
  return (await autoLogin(deps)) ? checkSession(deps) : null;
}

/** Invitation code of the launch URL: `?code=` before the hash or inside the hash's query (the hash wins). */
export function parseInvitationCode(search: string, hash: string): string | undefined {
  const hashQuery = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  for (const query of [hashQuery, search.replace(/^\?/, '')]) {
    const params = new URLSearchParams(query);
    // `code` with `state` is a third-party sign-in callback, not an invitation.
    if (params.has('state')) continue;
    const code = params.get('code')?.trim() ?? '';
    if (/^[A-Za-z0-9]{1,16}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * A third-party sign-in callback: the provider sends the viewer to the app's start URL with `code` and `state`
 * before the hash (and the `redirect` the app asked for, a `#/...` route).
 */
export function parseOauthCallback(search: string): { code: string; state: string; redirect?: string } | undefined {
  const params = new URLSearchParams(search.replace(/^\?/, ''));
  const code = params.get('code')?.trim();
  const state = params.get('state')?.trim();
  if (!code || !state) return undefined;
  const redirect = params.get('redirect') ?? '';
  return { code, state, redirect: /^#\/pages\/[\w/-]+(\?[^#]*)?$/.test(redirect) ? redirect : undefined };
}

/** Spec §2: the privacy dialog shows only when the config asks for it and no agreement is stored. */
export function shouldShowPrivacy(
  config: Pick<AppConfigData, 'app_privacy_policy_alert'>,
  permissionAgree: boolean | null,
): boolean {
  return Number(config.app_privacy_policy_alert) === 1 && permissionAgree !== true;
}

/**
 * The guest account is signed in automatically unless the privacy dialog applies and was declined before: then
 * the app keeps working in a limited way, anonymous until the viewer logs in (spec §2).
 */
export function privacyAllowsAutoLogin(
  config: Pick<AppConfigData, 'app_privacy_policy_alert'>,
  permissionAgree: boolean | null,
): boolean {
  return !(Number(config.app_privacy_policy_alert) === 1 && permissionAgree === false);
}

/** Identity of a notice, so each one shows once. */
export function noticeKey(config: Pick<AppConfigData, 'notice_title' | 'notice_desc'>): string {
  const text = `${config.notice_title}\u0000${config.notice_desc}`;
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return `${text.length}:${(hash >>> 0).toString(36)}`;
}

/** Spec §2: the notice dialog shows only if `notice_state` is truthy (and this notice was not shown before). */
export function shouldShowNotice(
  config: Pick<AppConfigData, 'notice_state' | 'notice_title' | 'notice_desc'>,
  seen: string,
): boolean {
  const on = Boolean(config.notice_state) && String(config.notice_state) !== '0';
  return on && Boolean(config.notice_title || config.notice_desc) && noticeKey(config) !== seen;
}
