/**
 * The payment channels this installation offers (issue 6 item 4): a channel is offered only when its factory found
 * its keys in the environment (`ChannelFactory` returns null otherwise). `fake` is offered unless FAKE_PAY=0, and in
 * production only with FAKE_PAY=1.
 */
import type { PayChannel } from '@openvod/contract';
import type { ChannelEnv, ChannelFactory, PaymentChannel } from './channel.ts';

/** Environment variables each channel reads (shown by adminListChannels; values never leave the server). */
export const CHANNEL_ENV: Record<PayChannel, string[]> = {
  alipay: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'ALIPAY_GATEWAY', 'ALIPAY_SELLER_ID'],
  wechat: [
    'WECHATPAY_MCHID',
    'WECHATPAY_APPID',
    'WECHATPAY_SERIAL',
    'WECHATPAY_PRIVATE_KEY',
    'WECHATPAY_PUBLIC_KEY',
    'WECHATPAY_PUBLIC_KEY_ID',
    'WECHATPAY_APIV3_KEY',
  ],
  fake: ['FAKE_PAY'],
};

/** Whether the fake gateway is on: FAKE_PAY '0' turns it off; production needs FAKE_PAY '1'. */
export function fakePayEnabled(fakePay: string | undefined, nodeEnv: string): boolean {
  if (fakePay === '0') return false;
  return nodeEnv !== 'production' || fakePay === '1';
}

export class ChannelRegistry {
  private readonly channels = new Map<PayChannel, PaymentChannel>();

  constructor(channels: readonly (PaymentChannel | null | undefined)[]) {
    for (const c of channels) if (c) this.channels.set(c.id, c);
  }

  /** Build from factories (H5's alipay/wechat adapters), logging a factory that throws (misconfigured keys). */
  static fromFactories(env: ChannelEnv, factories: readonly ChannelFactory[], extra: PaymentChannel[] = []) {
    const built = factories.map((f) => {
      try {
        return f(env);
      } catch (err) {
        env.log(`payment channel not offered: ${err instanceof Error ? err.message : String(err)}`, err);
        return null;
      }
    });
    return new ChannelRegistry([...built, ...extra]);
  }

  /** The offered channel with this id (`alipay`, `wechat`, `fake`), or undefined when it is not offered. */
  get(id: string): PaymentChannel | undefined {
    return this.channels.get(id as PayChannel);
  }

  /** Offered channels in a stable order (alipay, wechat, fake). */
  list(): PaymentChannel[] {
    return (['alipay', 'wechat', 'fake'] as const).flatMap((id) => {
      const c = this.channels.get(id);
      return c ? [c] : [];
    });
  }
}
