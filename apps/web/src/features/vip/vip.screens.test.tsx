/**
 * VIP screens against a mocked `fetch` (the real api client, query client, router and i18n): buy-center's prices and
 * channel rule, the payment flow through a QR code (WeChat Native) to 'Order unpaid' and then paid, and the
 * redemption page's messages. The redirect path runs in the browser e2e (e2e/tests/billing.spec.ts).
 */
import type { UserInfo } from '@openvod/contract';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/queryClient';
import { paths } from '../../lib/routes';
import { useSession } from '../../lib/session';
import BuyCenterPage from './BuyCenterPage';
import OrderListPage from './OrderListPage';
import RedemptionCodePage from './RedemptionCodePage';
import UpGradePage from './UpGradePage';

const ok = (payload: object) => ({ code: 1, msg: 'ok', ...payload });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const user = (extra: Partial<UserInfo> = {}): UserInfo =>
  ({
    user_id: 7,
    user_name: 'viewer',
    user_nick_name: '',
    user_portrait: '',
    user_phone: '',
    group_id: 2,
    group: { group_id: 2, group_name: '默认会员', group_type: '', group_status: 1 },
    user_points: 0,
    user_noad_time: 0,
    user_end_time: 0,
    is_vip: false,
    ...extra,
  }) as UserInfo;

const member = (vip: boolean) => ({
  user_id: 7,
  group_id: vip ? 3 : 2,
  group_name: vip ? 'VIP会员' : '默认会员',
  is_vip: vip,
  user_end_time: vip ? 1_900_000_000 : 0,
  user_noad_time: vip ? 1_900_000_000 : 0,
  user_points: 0,
  user_view_credits: 0,
  user_down_credits: 0,
  ever_bought: vip,
});

const plan = (long: string, price: number, price_renew: number, price_new: number) => ({
  plan_id: { day: 1, week: 2, month: 3, year: 4 }[long] ?? 0,
  group_id: 3,
  long,
  days: 30,
  price,
  price_renew,
  price_new,
  price_now: price_new,
  price_kind: 'new',
  points: 0,
});

const order = (status = 'unpaid') => ({
  order_id: 1,
  order_code: 'ORDERCODE0001',
  user_id: 7,
  group_id: 3,
  group_name: 'VIP会员',
  plan_id: 3,
  order_long: 'month',
  order_days: 30,
  order_price: 1990,
  order_price_kind: 'new',
  order_status: status,
  order_pay_type: 'wechat',
  order_time: '2026-11-22T10:00:00Z',
  order_pay_time: status === 'paid' ? '2026-11-22T10:01:00Z' : null,
  order_expire_time: '2026-11-22T10:15:00Z',
  order_close_time: null,
});

/** groupList with one VIP group selling one month (and no membership). */
const oneMonthPlan = () =>
  ok({ list: [{ group_id: 3, group_name: 'VIP会员', plans: [plan('month', 3000, 2500, 1990)] }] });
/** orderField offering WeChat Pay alone, in the desktop scene. */
const wechatOnly = () =>
  ok({ channels: [{ channel: 'wechat', name: 'wechat', scenes: ['pc'] }], list: [], order_expire_minutes: 15 });

let handler: (url: URL, init: RequestInit) => unknown;
const posted: { path: string; body: unknown }[] = [];

beforeAll(async () => {
  await initI18n('en-us');
});

beforeEach(() => {
  localStorage.clear();
  posted.length = 0;
  useSession.setState({ token: 'tok', user: user() });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://app.test');
    if (init.method === 'POST')
      posted.push({ path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const body = await handler(url, init);
    return body instanceof Response ? body : json(body);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // jsdom runs animation frames on an interval it starts with the global setInterval: one started while a test's
  // setInterval is fake would never fire once the timers are real again, and every later animation in this file
  // (antd-mobile's dialogs and toasts) would stand still. The frames run on until none is asked for, which ends that
  // interval; the page's own intervals went with the page (cleanup).
  if (vi.isFakeTimers()) vi.advanceTimersByTime(2000);
  vi.useRealTimers();
});

/**
 * How long a test waits for the look that the payer's return starts (its requests and the dialog). Generous for a
 * busy machine, under the test's own 5 s; the tests that use it keep the poll's interval from firing, so only the
 * return can pass them.
 */
const RETURN_CHECK_WAIT_MS = 4000;

function renderPage(page: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('buy-center', () => {
  let verifyPaid = false;
  let channels: { channel: string; name: string; scenes: string[] }[] = [];
  beforeEach(() => {
    verifyPaid = false;
    channels = [{ channel: 'wechat', name: 'wechat', scenes: ['pc'] }];
    handler = (url) => {
      switch (url.pathname) {
        case '/api/billing/groups':
          return ok({
            list: [
              {
                group_id: 3,
                group_name: 'VIP会员',
                plans: [plan('day', 300, 280, 100), plan('month', 3000, 2500, 1990)],
              },
            ],
            user: member(false),
          });
        case '/api/billing/order-field':
          return ok({ channels, list: [], order_expire_minutes: 15 });
        case '/api/billing/buy':
          return ok({ info: order(), existing: false });
        case '/api/billing/gopay':
          return ok({
            info: order(),
            action: { kind: 'qr', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc', expiresAt: '' },
          });
        case '/api/billing/orders/ORDERCODE0001/verify':
          return ok({ info: order(verifyPaid ? 'paid' : 'unpaid'), paid: verifyPaid, user: member(verifyPaid) });
        case '/api/billing/orders/ORDERCODE0001':
          return ok({ info: order(verifyPaid ? 'paid' : 'unpaid') });
        case '/api/user/info':
          return ok({
            info: user({
              group_id: 3,
              group: { group_id: 3, group_name: 'VIP会员', group_type: '', group_status: 1 },
              is_vip: true,
              user_end_time: 1_900_000_000,
              user_noad_time: 1_900_000_000,
            }),
          });
        default:
          return json({ code: 0, msg: `unexpected ${url.pathname}` }, 404);
      }
    };
  });

  it('shows the price that applies with the others as info, and requires a channel', async () => {
    channels = [
      { channel: 'wechat', name: 'wechat', scenes: ['pc'] },
      { channel: 'alipay', name: 'alipay', scenes: ['pc'] },
    ];
    renderPage(<BuyCenterPage />);
    const month = await screen.findByTestId('vip-plan-month');
    // The month plan is preselected: the new-user price applies, the original is struck through.
    expect(month.getAttribute('aria-pressed')).toBe('true');
    expect(month.textContent).toContain('19.90');
    expect(month.textContent).toContain('¥30.00');
    expect(screen.getByTestId('vip-price-new').getAttribute('data-applies')).toBe('true');
    expect(screen.getByTestId('vip-price-renew').textContent).toContain('¥25.00');
    expect(screen.getByTestId('vip-total').textContent).toBe('¥19.90');
    fireEvent.click(screen.getByTestId('vip-plan-day'));
    expect(screen.getByTestId('vip-total').textContent).toBe('¥1.00');

    fireEvent.click(screen.getByTestId('vip-buy'));
    expect(screen.getByTestId('form-error').textContent).toBe('Please choose a payment method');
    expect(posted.filter((p) => p.path === '/api/billing/buy')).toHaveLength(0);
  });

  it('keeps the chosen plan in the address, so a page opened at it (back from bind-phone) has it chosen', async () => {
    let address = '';
    function Address() {
      const loc = useLocation();
      address = `${loc.pathname}${loc.search}`;
      return null;
    }
    const first = render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[paths.buyCenter]}>
          <BuyCenterPage />
          <Address />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('vip-plan-day'));
    expect(address).toBe(`${paths.buyCenter}?group_id=3&long=day`);
    first.unmount();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[address]}>
          <BuyCenterPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('vip-plan-day')).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('vip-plan-month').getAttribute('aria-pressed')).toBe('false');
  });

  it('has the only channel offered chosen already: the pay button goes on to the order', async () => {
    renderPage(<BuyCenterPage />);
    const only = (await screen.findByTestId('vip-channel-wechat')).querySelector('input') as HTMLInputElement;
    expect(only.checked).toBe(true);
    fireEvent.click(screen.getByTestId('vip-buy'));
    await vi.waitFor(() => expect(posted.filter((p) => p.path === '/api/billing/buy')).toHaveLength(1));
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it("pays through a QR code: 'Order unpaid' first, then paid and the user refreshed", async () => {
    renderPage(<BuyCenterPage />);
    fireEvent.click((await screen.findByTestId('vip-channel-wechat')).querySelector('input') as HTMLInputElement);
    // One tap: the order is created and its payment opened (here the QR code) without another dialog.
    fireEvent.click(screen.getByTestId('vip-buy'));
    await screen.findByTestId('pay-qr');
    expect(posted.find((p) => p.path === '/api/billing/buy')?.body).toEqual({
      group_id: 3,
      long: 'month',
      channel: 'wechat',
    });
    // Desktop user agent in jsdom: the channel's pc scene.
    expect(posted.find((p) => p.path === '/api/billing/gopay')?.body).toEqual({
      order_code: 'ORDERCODE0001',
      channel: 'wechat',
      scene: 'pc',
    });

    expect(document.querySelector('[data-testid="pay-dialog"] svg')).not.toBeNull();
    expect(screen.getByTestId('pay-dialog').textContent).toContain('Scan the QR code with WeChat Pay to pay');

    fireEvent.click(screen.getByTestId('pay-done'));
    expect((await screen.findByTestId('pay-unpaid')).textContent).toBe('Order unpaid');

    verifyPaid = true;
    fireEvent.click(screen.getByTestId('pay-again'));
    await screen.findByTestId('pay-qr');
    fireEvent.click(await screen.findByTestId('pay-done'));
    await screen.findByTestId('pay-success');
    expect(screen.getByTestId('pay-dialog').textContent).toContain('VIP member is now active');
    await waitFor(() => expect(useSession.getState().user?.is_vip).toBe(true));
    expect(useSession.getState().user?.user_noad_time).toBe(1_900_000_000);
  });
});

describe('coming back from the payment (PaymentFlow check)', () => {
  let verifyPaid = false;
  beforeEach(() => {
    verifyPaid = false;
    handler = (url) => {
      switch (url.pathname) {
        case '/api/billing/groups':
          return oneMonthPlan();
        case '/api/billing/order-field':
          return wechatOnly();
        case '/api/billing/buy':
          return ok({ info: order(), existing: false });
        case '/api/billing/gopay':
          return ok({
            info: order(),
            action: { kind: 'qr', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc', expiresAt: '' },
          });
        case '/api/billing/orders/ORDERCODE0001/verify':
          return ok({ info: order(verifyPaid ? 'paid' : 'unpaid'), paid: verifyPaid, user: member(verifyPaid) });
        case '/api/billing/orders/ORDERCODE0001':
          return ok({ info: order(verifyPaid ? 'paid' : 'unpaid') });
        case '/api/user/info':
          return ok({ info: user({ group_id: 3, is_vip: true }) });
        default:
          return json({ code: 0, msg: `unexpected ${url.pathname}` }, 404);
      }
    };
  });
  const pending = () =>
    localStorage.setItem('openvod-pay-pending', JSON.stringify({ order_code: 'ORDERCODE0001', at: Date.now() }));

  it('a paid order is noticed on return: the success dialog, never the question', async () => {
    verifyPaid = true;
    pending();
    renderPage(<BuyCenterPage />);
    await screen.findByTestId('pay-success');
    expect(screen.queryByTestId('pay-ask')).toBeNull();
    expect(posted.some((p) => p.path === '/api/billing/orders/ORDERCODE0001/verify')).toBe(true);
    expect(localStorage.getItem('openvod-pay-pending')).toBeNull();
  });

  it('an order still unpaid on return is asked about; paid meanwhile, focus shows it paid', async () => {
    // The poll's interval never fires here: only the focus can find the payment (on a busy machine, in any time).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    pending();
    renderPage(<BuyCenterPage />);
    await screen.findByTestId('pay-ask');
    verifyPaid = true;
    window.dispatchEvent(new Event('focus'));
    await screen.findByTestId('pay-success', {}, { timeout: RETURN_CHECK_WAIT_MS });
  });

  it('with the QR code shown, the page becoming visible again finds the order paid', async () => {
    // The poll's interval never fires here: only the page becoming visible can find the payment.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderPage(<BuyCenterPage />);
    fireEvent.click((await screen.findByTestId('vip-channel-wechat')).querySelector('input') as HTMLInputElement);
    fireEvent.click(screen.getByTestId('vip-buy'));
    await screen.findByTestId('pay-qr');
    verifyPaid = true;
    document.dispatchEvent(new Event('visibilitychange'));
    await screen.findByTestId('pay-success', {}, { timeout: RETURN_CHECK_WAIT_MS });
  });
});

describe('the payment writes (useMutation) and what they refresh', () => {
  let requested: string[] = [];
  let cancelled = false;
  let buyFails = false;
  beforeEach(() => {
    requested = [];
    cancelled = false;
    buyFails = false;
    handler = (url) => {
      requested.push(url.pathname);
      switch (url.pathname) {
        case '/api/billing/groups':
          return oneMonthPlan();
        case '/api/billing/order-field':
          return wechatOnly();
        case '/api/billing/orders':
          return ok({ list: [order(cancelled ? 'cancelled' : 'unpaid')], page: 1, pagecount: 1, limit: 20, total: 1 });
        case '/api/billing/orders/ORDERCODE0001/cancel':
          cancelled = true;
          return ok({ info: order('cancelled') });
        case '/api/billing/buy':
          if (buyFails) throw new TypeError('Failed to fetch');
          return ok({ info: order(), existing: true });
        default:
          return json({ code: 0, msg: `unexpected ${url.pathname}` }, 404);
      }
    };
  });
  afterEach(() => onlineManager.setOnline(true));
  const READS_POSTED = ['/api/billing/groups', '/api/billing/order-field'];
  /** The posts that write (groupList and orderField are read through POST). */
  const writes = () => posted.map((p) => p.path).filter((p) => !READS_POSTED.includes(p));
  /** How often `path` was asked for. */
  const reads = (path: string) => requested.filter((p) => p === path).length;

  it('cancelling an order (after the confirmation) fetches the order list again', async () => {
    renderPage(<OrderListPage />);
    fireEvent.click(await screen.findByTestId('order-cancel'));
    fireEvent.click(await screen.findByTestId('cancel-confirm-ok'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Order cancelled');
    expect(writes()).toEqual(['/api/billing/orders/ORDERCODE0001/cancel']);
    await waitFor(() => expect(screen.getByTestId('order-item').getAttribute('data-status')).toBe('cancelled'));
    expect(reads('/api/billing/orders')).toBe(2);
  });

  it('an order that blocks a new one is offered, and buying refetches the prices', async () => {
    renderPage(<BuyCenterPage />);
    await screen.findByTestId('vip-channel-wechat');
    fireEvent.click(screen.getByTestId('vip-buy'));
    await screen.findByTestId('pay-existing');
    expect(screen.getByTestId('pay-order').getAttribute('data-order-code')).toBe('ORDERCODE0001');
    await waitFor(() => expect(reads('/api/billing/groups')).toBe(2));
  });

  it('buying offline fails at once with its message instead of waiting behind the progress dialog', async () => {
    buyFails = true;
    renderPage(<BuyCenterPage />);
    await screen.findByTestId('vip-channel-wechat');
    // TanStack Query holds a write made offline until the device is online again, unless told otherwise.
    onlineManager.setOnline(false);
    fireEvent.click(screen.getByTestId('vip-buy'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Network error');
    await waitFor(() => expect(screen.queryByTestId('pay-generating')).toBeNull());
    expect(writes()).toEqual(['/api/billing/buy']);
  });
});

describe('redemption-code', () => {
  it('gives wrong, used, expired and too-frequent codes their own messages', async () => {
    const answers: Record<string, Response | object> = {
      WRONG: json({ code: 3010, msg: 'server says wrong' }, 400),
      USED: json({ code: 3011, msg: 'server says used' }, 400),
      OLD: json({ code: 3012, msg: 'server says expired' }, 400),
      FAST: json({ code: 1429, msg: 'server says slow down' }, 429),
      GOOD: ok({ grant: { grant_kind: 'views', grant_amount: 5, grant_group_id: 0 }, info: member(false) }),
    };
    handler = (url, init) => {
      if (url.pathname === '/api/billing/redeem') return answers[JSON.parse(String(init.body)).code] ?? {};
      if (url.pathname === '/api/billing/groups') return ok({ list: [], user: member(false) });
      if (url.pathname === '/api/user/info') return ok({ info: user() });
      return json({ code: 0, msg: 'unexpected' }, 404);
    };
    renderPage(<RedemptionCodePage />);
    const input = screen.getByTestId('redeem-input');
    const submit = async (code: string) => {
      fireEvent.change(input, { target: { value: code } });
      fireEvent.click(screen.getByTestId('redeem-submit'));
      await waitFor(() => expect((screen.getByTestId('redeem-submit') as HTMLButtonElement).disabled).toBe(false));
    };
    await submit('   ');
    expect((await screen.findByTestId('redeem-error')).textContent).toBe('Please enter a code');
    const expected: [string, string][] = [
      ['WRONG', 'This code does not exist. Check it and try again'],
      ['USED', 'This code has already been used'],
      ['OLD', 'This code has expired'],
      ['FAST', 'Please do not operate frequently'],
    ];
    for (const [code, text] of expected) {
      await submit(code);
      expect((await screen.findByTestId('redeem-error')).textContent).toBe(text);
    }
    await submit('GOOD');
    expect((await screen.findByTestId('redeem-result')).textContent).toContain('5 extra views');
    expect(screen.queryByTestId('redeem-error')).toBeNull();
  });
});

describe('up-grade', () => {
  it('sends an Idempotency-Key per attempt: the same again after no answer, a new one after an answer', async () => {
    const keys: string[] = [];
    let answer: 'none' | 'ok' = 'none';
    handler = (url, init) => {
      if (url.pathname === '/api/billing/upgrade') {
        keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
        if (answer === 'none') throw new TypeError('Failed to fetch');
        return ok({ info: member(true), point: 100 });
      }
      if (url.pathname === '/api/billing/groups') {
        return ok({
          list: [{ group_id: 3, group_name: 'VIP会员', plans: [{ ...plan('month', 3000, 2500, 1990), points: 100 }] }],
          user: { ...member(false), user_points: 500 },
        });
      }
      if (url.pathname === '/api/user/info') return ok({ info: user() });
      return json({ code: 0, msg: 'unexpected' }, 404);
    };
    renderPage(<UpGradePage />);
    const press = async () => {
      fireEvent.click(await screen.findByTestId('upgrade-buy-month'));
      // The newest dialog is the last one in the document: an earlier one may still be animating out on a loaded
      // machine, so never assume there is only one.
      const oks = await screen.findAllByTestId('upgrade-confirm-ok');
      fireEvent.click(oks[oks.length - 1] as HTMLElement);
      await waitFor(() => expect(keys.length).toBeGreaterThan(pressed), { timeout: 5000 });
      pressed = keys.length;
      await waitFor(() => expect((screen.getByTestId('upgrade-buy-month') as HTMLButtonElement).disabled).toBe(false), {
        timeout: 5000,
      });
    };
    let pressed = 0;
    await press(); // no answer (network failure): the attempt stays open
    await press(); // pressed again: the same attempt, the same key
    answer = 'ok';
    await press(); // answered: this attempt is done
    await press(); // a new purchase: a new key
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys).toEqual([keys[0], keys[0], keys[0], keys[3]]);
    expect(keys[3]).not.toBe(keys[0]);
  });
});
