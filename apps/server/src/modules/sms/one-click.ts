/**
 * One-click local-number sign-in behind one interface (issue 3 item 5; research/money.md §3). The client gets a
 * carrier token from the number-authentication SDK (mobile data required); the server trades it for the phone
 * number. Chosen by `ONE_CLICK_PROVIDER`:
 *
 * - `none` (default): not offered (`one_click_enabled` false; oneClickLogin answers 'One-click login is not
 *   available').
 * - `aliyun`: Aliyun number authentication (Dypnsapi 2017-05-25, RPC signature v1, ALIYUN_ACCESS_KEY_ID /
 *   ALIYUN_ACCESS_KEY_SECRET): `h5` tokens (web SDK `getLoginToken`, the user confirms the middle digits) go to
 *   `GetPhoneWithToken` (SpToken → Data.Mobile); `app` tokens (native SDK) to `GetMobile` (AccessToken →
 *   GetMobileResultDTO.Mobile). Tokens are single use and short-lived (2-30 minutes by carrier).
 * - `fake`: development and tests only. The token `test:<phone>` yields that phone. Refuses to start when
 *   NODE_ENV=production (it would let anyone sign in as any number).
 *
 * Failures throw {@link OneClickError}; the service answers 400 'Authorization failed'.
 */
import { PHONE_RULE } from '@openvod/contract';
import type { AuthProvidersConfig } from '../../config/config.ts';
import { aliyunRpcUrl } from '../../lib/cloud-sign.ts';
import type { FetchLike } from './sms.provider.ts';

export interface OneClickProvider {
  readonly name: string;
  /** The 11-digit number the carrier vouches for. Throws {@link OneClickError}. */
  phoneFromToken(token: string, kind: 'h5' | 'app'): Promise<string>;
}

export class OneClickError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OneClickError';
  }
}

function normalise(phone: string): string {
  const digits = phone.replace(/[\s-]/g, '').replace(/^\+?86(?=1\d{10}$)/, '');
  if (!PHONE_RULE.test(digits)) throw new OneClickError('the provider returned no valid mainland number');
  return digits;
}

/** Development fake: `test:<phone>`. */
export class FakeOneClickProvider implements OneClickProvider {
  readonly name = 'fake';

  async phoneFromToken(token: string): Promise<string> {
    const m = /^test:(.+)$/.exec(token.trim());
    if (!m) throw new OneClickError('fake one-click tokens look like test:<phone>');
    return normalise(m[1] as string);
  }
}

export class AliyunOneClickProvider implements OneClickProvider {
  readonly name = 'aliyun';

  constructor(
    private cfg: { accessKeyId: string; accessKeySecret: string },
    private fetchFn: FetchLike = fetch,
    private endpoint = 'https://dypnsapi.aliyuncs.com',
  ) {
    if (!cfg.accessKeyId || !cfg.accessKeySecret) {
      throw new Error('ONE_CLICK_PROVIDER=aliyun needs ALIYUN_ACCESS_KEY_ID and ALIYUN_ACCESS_KEY_SECRET');
    }
  }

  async phoneFromToken(token: string, kind: 'h5' | 'app'): Promise<string> {
    const url = aliyunRpcUrl({
      endpoint: this.endpoint,
      action: kind === 'app' ? 'GetMobile' : 'GetPhoneWithToken',
      version: '2017-05-25',
      accessKeyId: this.cfg.accessKeyId,
      accessKeySecret: this.cfg.accessKeySecret,
      params: kind === 'app' ? { AccessToken: token } : { SpToken: token },
    });
    let body: {
      Code?: string;
      Message?: string;
      Data?: { Mobile?: string };
      GetMobileResultDTO?: { Mobile?: string };
    };
    try {
      const res = await this.fetchFn(url, { method: 'GET', signal: AbortSignal.timeout(10_000) });
      body = (await res.json()) as typeof body;
    } catch (err) {
      throw new OneClickError(`aliyun number authentication request failed: ${(err as Error).message}`);
    }
    if (body.Code !== 'OK') throw new OneClickError(`aliyun number authentication: ${body.Code} ${body.Message ?? ''}`);
    const mobile = kind === 'app' ? body.GetMobileResultDTO?.Mobile : body.Data?.Mobile;
    return normalise(mobile ?? '');
  }
}

/**
 * The provider ONE_CLICK_PROVIDER names, or undefined for `none`. Throws (the server does not start) for `fake`
 * with NODE_ENV=production and for `aliyun` without its keys.
 */
export function createOneClickProvider(
  cfg: AuthProvidersConfig,
  env: { nodeEnv: string; fetchFn?: FetchLike },
): OneClickProvider | undefined {
  switch (cfg.oneClick.provider) {
    case 'fake':
      if (env.nodeEnv === 'production') {
        throw new Error('ONE_CLICK_PROVIDER=fake is for development only: use aliyun (or none) in production');
      }
      return new FakeOneClickProvider();
    case 'aliyun':
      return new AliyunOneClickProvider(
        { accessKeyId: cfg.sms.aliyun.accessKeyId, accessKeySecret: cfg.sms.aliyun.accessKeySecret },
        env.fetchFn,
      );
    default:
      return undefined;
  }
}
