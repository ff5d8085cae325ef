import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { fenToYuan, formatYuan } from './money';
import { detectScene, isWebUrl, pendingPayment, pickScene, setPendingPayment } from './payOpen';
import { redeemErrorKey } from './RedemptionCodePage';

describe('fenToYuan', () => {
  it('shows integer fen as yuan with exactly two decimals', () => {
    expect(fenToYuan(1990)).toBe('19.90');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(100)).toBe('1.00');
    expect(fenToYuan(123456789)).toBe('1234567.89');
    expect(fenToYuan(-250)).toBe('-2.50');
    expect(formatYuan(2500)).toBe('¥25.00');
  });
});

describe('pay scene', () => {
  it('tells WeChat, phones and desktops apart', () => {
    expect(detectScene('Mozilla/5.0 (Linux; Android 14) MicroMessenger/8.0')).toBe('wechat_browser');
    expect(detectScene('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('h5');
    expect(detectScene('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0')).toBe('pc');
  });
  it("keeps a scene the channel supports, else takes the channel's first", () => {
    expect(pickScene('h5', ['pc', 'h5'])).toBe('h5');
    expect(pickScene('wechat_browser', ['pc', 'h5'])).toBe('pc');
    expect(pickScene('pc', [])).toBe('h5');
  });
});

describe('payment URLs', () => {
  it('opens only http(s) addresses', () => {
    expect(isWebUrl('https://openapi.alipay.com/gateway.do?x=1')).toBe(true);
    expect(isWebUrl('/api/pay/fake/ABC123')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('weixin://wxpay/bizpayurl?pr=x')).toBe(false);
  });
});

describe('pending payment', () => {
  afterEach(() => localStorage.clear());
  it('remembers the order being paid until answered', () => {
    expect(pendingPayment()).toBeUndefined();
    setPendingPayment('ABCDEF123456');
    expect(pendingPayment()).toBe('ABCDEF123456');
    setPendingPayment(undefined);
    expect(pendingPayment()).toBeUndefined();
  });
  it('forgets a day-old or malformed entry', () => {
    localStorage.setItem('openvod-pay-pending', JSON.stringify({ order_code: 'X1', at: Date.now() - 2 * 86_400_000 }));
    expect(pendingPayment()).toBeUndefined();
    localStorage.setItem('openvod-pay-pending', '{oops');
    expect(pendingPayment()).toBeUndefined();
  });
});

describe('redeem errors', () => {
  it('maps the billing codes to their own messages', () => {
    const err = (code: number, status = 400) => new ApiError('server text', code, status, 'server');
    expect(redeemErrorKey(err(3010))).toBe('codeWrong');
    expect(redeemErrorKey(err(3011))).toBe('codeUsed');
    expect(redeemErrorKey(err(3012))).toBe('codeExpired');
    expect(redeemErrorKey(err(1429, 429))).toBe('tooFrequent');
    expect(redeemErrorKey(err(0, 429))).toBe('tooFrequent');
    expect(redeemErrorKey(err(1001))).toBeUndefined();
    expect(redeemErrorKey(new Error('x'))).toBeUndefined();
  });
});
