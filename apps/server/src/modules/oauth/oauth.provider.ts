/**
 * Third-party sign-in providers behind one interface (spec §7 "GET oauth", "POST wxLogin callback"; issue 3 item 3).
 * Chosen by `WECHAT_LOGIN_PROVIDER` and registered under the name the client asks for (`wechat`):
 *
 * - `wechat` (default when WECHAT_APP_ID and WECHAT_APP_SECRET are set): WeChat OAuth 2.0. `authorizeUrl` sends the
 *   user to `open.weixin.qq.com/connect/qrconnect` (scope `snsapi_login`, website QR sign-in) or
 *   `/connect/oauth2/authorize` (`snsapi_userinfo` / `snsapi_base`, inside WeChat), with `#wechat_redirect`.
 *   `exchange` trades the code at `api.weixin.qq.com/sns/oauth2/access_token` (appid, secret, code,
 *   grant_type=authorization_code) for `openid`, then reads `sns/userinfo` for the nickname and avatar (except with
 *   snsapi_base). WeChat answers errors as `{errcode, errmsg}` with HTTP 200.
 * - `fake`: development and tests. `authorizeUrl` points straight back at the redirect URI with `code=fake:demo`;
 *   `exchange('fake:<id>')` yields openid `fake_<id>`. Refuses to start when NODE_ENV=production.
 * - `none` (default otherwise): oauth/wxLogin answer 'No third-party login authorization service configured'.
 */
import type { AuthProvidersConfig } from '../../config/config.ts';
import type { FetchLike } from '../sms/index.ts';

export interface OAuthProfile {
  /** Stable id of the user at the provider (stored in `user_openid_weixin`, at most 64 characters). */
  openid: string;
  nickname?: string;
  avatar?: string;
}

export interface OAuthProvider {
  readonly name: string;
  /** Where to send the user; the provider returns to `redirectUri` with `code` and `state`. */
  authorizeUrl(state: string, redirectUri: string): string;
  /** Trade the callback `code` for the user's profile. Throws {@link OAuthError}. */
  exchange(code: string): Promise<OAuthProfile>;
}

export class OAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthError';
  }
}

function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** Development fake: authorises at once as `fake:demo`. */
export class FakeOAuthProvider implements OAuthProvider {
  constructor(readonly name: string) {}

  authorizeUrl(state: string, redirectUri: string): string {
    return withQuery(redirectUri, { code: 'fake:demo', state });
  }

  async exchange(code: string): Promise<OAuthProfile> {
    const m = /^fake:([A-Za-z0-9_-]{1,40})$/.exec(code);
    if (!m) throw new OAuthError('fake codes look like fake:<id>');
    return { openid: `fake_${m[1]}`, nickname: `WeChat ${m[1]}` };
  }
}

export class WechatOAuthProvider implements OAuthProvider {
  readonly name = 'wechat';

  constructor(
    private cfg: AuthProvidersConfig['wechat'],
    private fetchFn: FetchLike = fetch,
  ) {
    if (!cfg.appId || !cfg.appSecret)
      throw new Error('WECHAT_LOGIN_PROVIDER=wechat needs WECHAT_APP_ID and WECHAT_APP_SECRET');
  }

  authorizeUrl(state: string, redirectUri: string): string {
    const base =
      this.cfg.scope === 'snsapi_login'
        ? 'https://open.weixin.qq.com/connect/qrconnect'
        : 'https://open.weixin.qq.com/connect/oauth2/authorize';
    // WeChat wants exactly this parameter order and the #wechat_redirect fragment.
    const q = [
      `appid=${encodeURIComponent(this.cfg.appId)}`,
      `redirect_uri=${encodeURIComponent(redirectUri)}`,
      'response_type=code',
      `scope=${this.cfg.scope}`,
      `state=${encodeURIComponent(state)}`,
    ].join('&');
    return `${base}?${q}#wechat_redirect`;
  }

  private async getJson(url: string): Promise<Record<string, unknown>> {
    try {
      const res = await this.fetchFn(url, { method: 'GET', signal: AbortSignal.timeout(10_000) });
      return (await res.json()) as Record<string, unknown>;
    } catch (err) {
      throw new OAuthError(`wechat request failed: ${(err as Error).message}`);
    }
  }

  async exchange(code: string): Promise<OAuthProfile> {
    const token = await this.getJson(
      `https://api.weixin.qq.com/sns/oauth2/access_token?appid=${encodeURIComponent(this.cfg.appId)}` +
        `&secret=${encodeURIComponent(this.cfg.appSecret)}&code=${encodeURIComponent(code)}` +
        '&grant_type=authorization_code',
    );
    if (token.errcode || typeof token.openid !== 'string' || typeof token.access_token !== 'string') {
      throw new OAuthError(
        `wechat access_token: ${String(token.errcode ?? 'no openid')} ${String(token.errmsg ?? '')}`,
      );
    }
    const profile: OAuthProfile = { openid: token.openid.slice(0, 64) };
    if (this.cfg.scope !== 'snsapi_base') {
      const info = await this.getJson(
        `https://api.weixin.qq.com/sns/userinfo?access_token=${encodeURIComponent(token.access_token)}` +
          `&openid=${encodeURIComponent(token.openid)}&lang=zh_CN`,
      ).catch(() => ({}) as Record<string, unknown>);
      // The profile is a nicety: sign-in works without it.
      if (!info.errcode) {
        if (typeof info.nickname === 'string') profile.nickname = info.nickname;
        if (typeof info.headimgurl === 'string' && info.headimgurl.startsWith('https://')) {
          profile.avatar = info.headimgurl;
        }
      }
    }
    return profile;
  }
}

/**
 * The providers by the name clients ask for (`wechat`). Throws (the server does not start) for `fake` with
 * NODE_ENV=production and for `wechat` without its credentials.
 */
export function createOAuthProviders(
  cfg: AuthProvidersConfig['wechat'],
  env: { nodeEnv: string; fetchFn?: FetchLike },
): Map<string, OAuthProvider> {
  const providers = new Map<string, OAuthProvider>();
  if (cfg.provider === 'fake') {
    if (env.nodeEnv === 'production') {
      throw new Error('WECHAT_LOGIN_PROVIDER=fake is for development only: use wechat (or none) in production');
    }
    providers.set('wechat', new FakeOAuthProvider('wechat'));
  } else if (cfg.provider === 'wechat') {
    providers.set('wechat', new WechatOAuthProvider(cfg, env.fetchFn));
  }
  return providers;
}
