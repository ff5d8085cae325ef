import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPayment, pendingPayment } from './payOpen';

const expiresAt = '2026-11-22T10:00:00Z';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('openPayment', () => {
  it('opens a redirect in the payment window and remembers the order', () => {
    const win = { closed: false } as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(win);
    const opened = openPayment('ORDER0001', { kind: 'redirect', url: 'https://pay.example/cashier?x=1', expiresAt });
    expect(open).toHaveBeenCalledWith('https://pay.example/cashier?x=1', 'openvod-pay');
    expect(opened).toEqual({ where: 'window', win });
    expect(pendingPayment()).toBe('ORDER0001');
  });

  it('refuses a redirect that is not http(s)', () => {
    const open = vi.spyOn(window, 'open');
    expect(openPayment('ORDER0002', { kind: 'redirect', url: 'javascript:alert(1)', expiresAt })).toEqual({
      where: 'none',
    });
    expect(open).not.toHaveBeenCalled();
    expect(pendingPayment()).toBeUndefined();
  });

  it("submits a provider's form to the payment window without running its script", () => {
    vi.spyOn(window, 'open').mockReturnValue({ closed: false } as Window);
    const submitted: { action: string; target: string; method: string; fields: Record<string, string> }[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      const fields: Record<string, string> = {};
      for (const input of this.querySelectorAll('input')) fields[input.name] = input.value;
      submitted.push({ action: this.action, target: this.target, method: this.method, fields });
    });
    const ran = vi.fn();
    (window as unknown as { ran: () => void }).ran = ran;
    const html =
      '<form name="punchout_form" method="post" action="https://openapi.alipay.com/gateway.do?charset=utf-8">' +
      '<input type="hidden" name="biz_content" value="{&quot;out_trade_no&quot;:&quot;ORDER0003&quot;}">' +
      '<input type="submit" value="ok" style="display:none"></form><script>window.ran()</script>';
    const opened = openPayment('ORDER0003', { kind: 'form_html', html, expiresAt });
    expect(opened.where).toBe('window');
    expect(submitted).toEqual([
      {
        action: 'https://openapi.alipay.com/gateway.do?charset=utf-8',
        target: 'openvod-pay',
        method: 'post',
        fields: { biz_content: '{"out_trade_no":"ORDER0003"}' },
      },
    ]);
    expect(ran).not.toHaveBeenCalled();
    expect(document.querySelector('form')).toBeNull();
  });

  it('opens nothing for a QR code (the dialog shows it)', () => {
    const open = vi.spyOn(window, 'open');
    expect(openPayment('ORDER0004', { kind: 'qr', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc', expiresAt })).toEqual({
      where: 'none',
    });
    expect(open).not.toHaveBeenCalled();
  });
});
