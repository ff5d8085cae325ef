/**
 * The payment channels this installation offers (issue 6 item 4): a channel is offered only when its factory found
 * its keys in the environment (`ChannelFactory` returns null otherwise). `fake` is offered unless FAKE_PAY=0, and
 * never in production (FAKE_PAY=1 there stops the start).
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

/**
 * Whether the fake gateway (the test payment channel) is on: outside production unless FAKE_PAY=0; never in
 * production, where FAKE_PAY=1 is refused (throws: the server does not start), like the other development fakes.
 */
export function fakePayEnabled(fakePay: string | undefined, nodeEnv: string): boolean {
  if (fakePay === '0') return false;
  if (nodeEnv === 'production') {
    if (fakePay === '1') {
      throw new Error(
        'FAKE_PAY=1 is for development and demos only: the test payment channel lets users pay without money. ' +
          'Unset FAKE_PAY (or set 0) in production',
      );
    }
    return false;
  }
  return true;
}

export class ChannelRegistry {
  private readonly channels = new Map<PayChannel, PaymentChannel>();
  /**
   * Why a channel whose variables are partly set is not offered (its factory's message: which variables are missing
   * or which key does not parse; names only, never values). Shown in the console (adminListChannels).
   */
  readonly problems = new Map<PayChannel, string>();

  constructor(channels: readonly (PaymentChannel | null | undefined)[]) {
    for (const c of channels) if (c) this.channels.set(c.id, c);
  }

  /**
   * Build from factories by channel id (the alipay/wechat adapters). A factory that throws (misconfigured keys) is
   * logged, its channel is not offered, and its message is kept in {@link problems} for the console.
   */
  static fromFactories(
    env: ChannelEnv,
    factories: Partial<Record<PayChannel, ChannelFactory>>,
    extra: PaymentChannel[] = [],
  ) {
    const problems = new Map<PayChannel, string>();
    const built = (Object.entries(factories) as [PayChannel, ChannelFactory][]).map(([id, f]) => {
      try {
        return f(env);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        env.log(`payment channel not offered: ${message}`, err);
        problems.set(id, message);
        return null;
      }
    });
    const registry = new ChannelRegistry([...built, ...extra]);
    for (const [id, message] of problems) registry.problems.set(id, message);
    return registry;
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
