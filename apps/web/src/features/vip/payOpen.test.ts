import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPayment, pendingPayment } from './payOpen';

const expiresAt = '2026-11-22T10:00:00Z';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('openPayment', () => {
  it('opens a redirect in this tab (no pop-up, no second tap) and remembers the order', () => {
    const open = vi.spyOn(window, 'open');
    const assign = vi.fn();
    const opened = openPayment(
      'ORDER0001',
      { kind: 'redirect', url: 'https://pay.example/cashier?x=1', expiresAt },
      { assign },
    );
    expect(assign).toHaveBeenCalledWith('https://pay.example/cashier?x=1');
    expect(open).not.toHaveBeenCalled();
    expect(opened).toEqual({ where: 'tab' });
    expect(pendingPayment()).toBe('ORDER0001');
  });

  it('refuses a redirect that is not http(s)', () => {
    const assign = vi.fn();
    expect(openPayment('ORDER0002', { kind: 'redirect', url: 'javascript:alert(1)', expiresAt }, { assign })).toEqual({
      where: 'none',
    });
    expect(assign).not.toHaveBeenCalled();
    expect(pendingPayment()).toBeUndefined();
  });

  it("submits a provider's form in this tab without running its script", () => {
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
    expect(opened.where).toBe('tab');
    expect(submitted).toEqual([
      {
        action: 'https://openapi.alipay.com/gateway.do?charset=utf-8',
        target: '_self',
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
