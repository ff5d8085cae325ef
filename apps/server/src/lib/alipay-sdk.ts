/**
 * alipay-sdk (with its HTTP client: about 17 MB resident once loaded, measured with /proc/self/status), imported at
 * the first call of a channel that uses it (modules/billing/alipay.channel.ts, modules/cash/alipay-payout.ts), so a
 * server whose Alipay channels are idle or absent never loads it. Keys and certificates are checked before a channel
 * is built (modules/billing/alipay-wechat-keys.ts `loadRsaKey`, alipay-payout.ts `loadCert`), so nothing the SDK would refuse at
 * construction waits for the first payment to be found.
 */
import type { AlipaySdk, AlipaySdkConfig } from 'alipay-sdk';

let loaded: Promise<typeof import('alipay-sdk')> | undefined;

/**
 * A getter of one SDK client for `config`, built at its first call and reused; a construction error rejects every
 * call (the caller reports it as that call's failure).
 */
export function lazyAlipaySdk(config: AlipaySdkConfig): () => Promise<AlipaySdk> {
  let sdk: Promise<AlipaySdk> | undefined;
  return () => {
    loaded ??= import('alipay-sdk');
    sdk ??= loaded.then((m) => new m.AlipaySdk(config));
    return sdk;
  };
}
