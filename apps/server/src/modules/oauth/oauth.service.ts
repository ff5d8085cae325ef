/**
 * Third-party sign-in (oauth + wxLogin) over {@link OAuthProvider}s.
 *
 * - `start(provider, redirect?)` (oauth): a signed, short-lived `state` and the provider's authorisation URL. The
 *   state is `<provider>Z<expiry, base36 seconds>Z<16 hex nonce>Z<32 hex HMAC-SHA256>` (letters and digits only, as
 *   WeChat requires; at most 128 characters), valid {@link OAUTH_STATE_TTL_MS} (10 minutes), HMAC key the server
 *   secret `oauth_state` (AppConfigService.secret). `redirect` (optional) is a same-site path (`/...` or `#/...`)
 *   added to the redirect URI as `redirect=` so the app can go back there.
 * - `login(code, state)` (wxLogin): checks the state, trades the code for the profile, then signs in the user with
 *   that openid or registers one (nickname from the profile; invitation code honoured; per-IP daily
 *   registration cap).
 *
 * Errors: 400 `oauth_not_configured` 'No third-party login authorization service configured' (unknown or
 * unconfigured provider), 400 `oauth_state_invalid` (forged, malformed or expired state), 400 `oauth_failed`
 * 'Login failed, please try again later' (the provider refused the code), 403 for a disabled account, 400
 * validation on `redirect`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@openvod/contract';
import { AppError, badRequest } from '../../core/errors.ts';
import { t } from '../../core/i18n/messages.ts';
import {
  type AccountsService,
  type ClientContext,
  findUserByOpenid,
  registerUser,
  type UserRow,
} from '../accounts/accounts.service.ts';
import { assertRegistrationAllowed, type SessionResult, signInUser } from '../accounts/phone.service.ts';
import { OAuthError, type OAuthProvider } from './oauth.provider.ts';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;

const notConfigured = () => new AppError(400, ErrorCode.generic, 'oauth_not_configured');
const badState = () => new AppError(400, ErrorCode.validation, 'oauth_state_invalid', {}, 'state');

export class OAuthService {
  /**
   * @param accountsOf the accounts module's service, read at each call (the accounts module may be built after this)
   * @param providers the configured providers by the name clients ask for (oauth.provider.ts createOAuthProviders)
   * @param secret the HMAC key of states (the server secret `oauth_state`)
   * @param redirectUri where the provider sends the user back (WECHAT_REDIRECT_URI)
   */
  constructor(
    private accountsOf: () => AccountsService,
    private providers: Map<string, OAuthProvider>,
    private secret: () => Promise<Buffer>,
    private redirectUri: string,
  ) {}

  private get accounts(): AccountsService {
    return this.accountsOf();
  }

  /** Provider names for the app config (`oauth_providers`). */
  get providerNames(): string[] {
    return [...this.providers.keys()];
  }

  private async sign(provider: string, exp: string, nonce: string): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(`${provider}.${exp}.${nonce}`)
      .digest('hex')
      .slice(0, 32);
  }

  /** oauth: the URL to send the user to and the state it carries. */
  async start(providerName: string, redirect?: string): Promise<{ url: string; state: string }> {
    const provider = this.providers.get(providerName);
    if (!provider) throw notConfigured();
    let redirectUri = this.redirectUri;
    if (redirect) {
      if (!/^(\/(?![/\\])|#\/)[^\s]*$/.test(redirect)) {
        throw badRequest('validation', { field: 'redirect', reason: (l) => t(l, 'v_format') }, 'redirect');
      }
      const u = new URL(redirectUri);
      u.searchParams.set('redirect', redirect);
      redirectUri = u.toString();
    }
    const exp = Math.floor((this.accounts.now().getTime() + OAUTH_STATE_TTL_MS) / 1000).toString(36);
    const nonce = randomBytes(8).toString('hex');
    const state = `${providerName}Z${exp}Z${nonce}Z${await this.sign(providerName, exp, nonce)}`;
    return { url: provider.authorizeUrl(state, redirectUri), state };
  }

  /** The provider a state was made for, after checking its signature and expiry. */
  private async checkState(state: string): Promise<OAuthProvider> {
    const m = /^([a-z0-9]{1,20})Z([0-9a-z]{1,10})Z([0-9a-f]{16})Z([0-9a-f]{32})$/.exec(state);
    if (!m) throw badState();
    const [, providerName, exp, nonce, sig] = m as unknown as [string, string, string, string, string];
    const expected = Buffer.from(await this.sign(providerName, exp, nonce));
    if (!timingSafeEqual(expected, Buffer.from(sig))) throw badState();
    if (Number.parseInt(exp, 36) * 1000 < this.accounts.now().getTime()) throw badState();
    const provider = this.providers.get(providerName);
    if (!provider) throw notConfigured();
    return provider;
  }

  /** wxLogin: sign in (or register) the user the provider vouches for. */
  async login(
    body: { code: string; state: string; invitation_code?: string },
    ctx: ClientContext,
  ): Promise<SessionResult> {
    if (this.providers.size === 0) throw notConfigured();
    const provider = await this.checkState(body.state);
    let profile: Awaited<ReturnType<OAuthProvider['exchange']>>;
    try {
      profile = await provider.exchange(body.code);
    } catch (err) {
      if (err instanceof OAuthError) throw new AppError(400, ErrorCode.generic, 'oauth_failed');
      throw err;
    }
    const existing = await findUserByOpenid(this.accounts.db, profile.openid);
    if (existing) return signInUser(this.accounts, existing, ctx);
    // Early, friendly refusal; registerWithinIpCap checks the cap again under the IP lock.
    await assertRegistrationAllowed(this.accounts, ctx);
    let user: UserRow = await this.accounts.registerWithinIpCap(ctx.ip, (tx) =>
      registerUser(tx, {
        openid_weixin: profile.openid,
        invitation_code: body.invitation_code,
        device_id: ctx.deviceId,
        ip: ctx.ip,
        now: this.accounts.now(),
      }),
    );
    if (profile.nickname) {
      // Sanitised and length-limited by the accounts service; a nickname that cleans to nothing is skipped.
      await this.accounts.updateInfo(user, { user_nick_name: profile.nickname }).catch(() => undefined);
      user = (await findUserByOpenid(this.accounts.db, profile.openid)) ?? user;
    }
    return signInUser(this.accounts, user, ctx);
  }
}
