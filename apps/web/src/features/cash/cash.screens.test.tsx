/**
 * The withdrawal screens against a stubbed server: the cash centre shows the balances and rules, checks the spec §5
 * rules before sending (amount, minimum, balance, method, account), sends one idempotency key per attempt (the same
 * key again after an unanswered request), shows the server's refusal ('Withdrawal failed: ...') and goes to the cash
 * list on success; the cash list shows time, type, masked account, state, amount and the reason of a failed one,
 * and cancels a pending one; the account page checks the name and Alipay account and saves them. The device's guest
 * account is asked to link a phone (and only that) before setting an account or withdrawing.
 */
import { guestCredentials, type UserInfo } from '@openvod/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/queryClient';
import { paths } from '../../lib/routes';
import { useSession } from '../../lib/session';
import { getDeviceId } from '../../lib/storage';
import CashCenterPage from './CashCenterPage';
import CashListPage from './CashListPage';
import CashTypePage from './CashTypePage';
import { feeOf, parseYuan, yuan } from './money';

const ok = (payload: object) => ({ code: 1, msg: 'ok', ...payload });
const user = { user_id: 7, user_name: 'viewer', user_phone: '13800001111', group_id: 2 } as unknown as UserInfo;
const rules = {
  min_fen: 100,
  fee_bp: 100,
  fee_fixed_fen: 0,
  daily_count: 3,
  daily_fen: 0,
  monthly_count: 0,
  monthly_fen: 0,
};
const account = { cash_type: 'alipay', cash_account: '138****1111', cash_name: '张*' };
let center: object;
let answer: (path: string, init: RequestInit | undefined) => { status: number; body: object } | 'network';
const calls: Array<{ path: string; method: string; body: Record<string, unknown> | undefined; headers: Headers }> = [];

const item = (cash_id: number, cash_status: string, extra: object = {}) => ({
  cash_id,
  cash_status,
  cash_money: 1000,
  cash_fee: 0,
  cash_type: 'alipay',
  cash_bank_no: '138****1111',
  cash_reason: '',
  cash_time: '2026-11-22T02:00:00Z',
  cash_time_audit: null,
  cash_time_paid: null,
  ...extra,
});

beforeAll(async () => {
  await initI18n('en-us');
});
beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  useSession.setState({ token: 'tok', user });
  center = ok({ cash_fen: 5000, cash_frozen: 1000, earn_pending: 250, rules, account });
  answer = () => ({ status: 200, body: { code: 0, msg: 'unexpected' } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ path: url.pathname, method: init?.method ?? 'GET', body, headers: new Headers(init?.headers) });
    if (url.pathname === '/api/cash/center') return json(200, center);
    const a = answer(url.pathname, init);
    if (a === 'network') throw new TypeError('Failed to fetch');
    return json(a.status, a.body);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function json(status: number, body: object) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[paths.me, path]} initialIndex={1}>
        <Routes>
          <Route path={paths.cashCenter} element={<CashCenterPage />} />
          <Route path={paths.cashList} element={<CashListPage />} />
          <Route path={paths.cashType} element={<CashTypePage />} />
          <Route path={paths.me} element={<p>me page</p>} />
          <Route path={paths.bindPhone} element={<p>bind phone page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const amount = (v: string) => fireEvent.change(screen.getByTestId('cash-amount'), { target: { value: v } });
const submit = () => fireEvent.click(screen.getByTestId('cash-submit'));
const posts = () => calls.filter((c) => c.path === '/api/cash' && c.method === 'POST');

describe('money', () => {
  it('converts yuan and fen with integers and computes the fee like the server', () => {
    expect(yuan(1234)).toBe('12.34');
    expect(yuan(5)).toBe('0.05');
    expect(parseYuan('12.3')).toBe(1230);
    expect(parseYuan('0.1')).toBe(10);
    expect(parseYuan('1.234')).toBeNull();
    expect(parseYuan('0')).toBeNull();
    expect(parseYuan('abc')).toBeNull();
    expect(feeOf(1000, { fee_bp: 150, fee_fixed_fen: 5 })).toBe(20);
  });
});

describe('cash-center', () => {
  it('shows balances, the rules and the masked account', async () => {
    renderAt(paths.cashCenter);
    expect((await screen.findByTestId('cash-available')).textContent).toBe('50.00');
    expect(screen.getByTestId('cash-frozen').textContent).toBe('10.00');
    expect(screen.getByTestId('cash-pending').textContent).toBe('2.50');
    expect(screen.getByText(/Minimum ¥1.00 · Fee 1% \+ ¥0.00/)).toBeTruthy();
    expect(within(screen.getByTestId('cash-account')).getByText('张* 138****1111')).toBeTruthy();
    expect(screen.getByTestId('cash-account-link').getAttribute('href')).toBe(paths.cashType);
    amount('10');
    expect(screen.getByText(/You receive ¥9.90/)).toBeTruthy();
  });

  it('checks the spec §5 rules before sending anything', async () => {
    renderAt(paths.cashCenter);
    await screen.findByTestId('cash-available');
    submit();
    expect(screen.getByTestId('cash-error').textContent).toBe('Enter an amount');
    amount('1.234');
    submit();
    expect(screen.getByTestId('cash-error').textContent).toBe('The amount is not valid (at most 2 decimals)');
    amount('0.5');
    submit();
    expect(screen.getByTestId('cash-error').textContent).toBe('The amount must be at least ¥1.00');
    amount('60');
    submit();
    expect(screen.getByTestId('cash-error').textContent).toBe('Insufficient Balance');
    amount('10');
    fireEvent.click(screen.getByTestId('cash-method-alipay'));
    submit();
    expect(screen.getByTestId('cash-error').textContent).toBe('Choose a withdrawal method');
    expect(posts()).toHaveLength(0);
  });

  it('asks for an account first when none is bound', async () => {
    center = ok({ cash_fen: 5000, cash_frozen: 0, earn_pending: 0, rules, account: null });
    renderAt(paths.cashCenter);
    await screen.findByTestId('cash-available');
    expect(screen.getByText('No withdrawal account set')).toBeTruthy();
    expect(screen.getByTestId('cash-account-link').textContent).toBe('Set up');
    amount('10');
    submit();
    expect(screen.getByTestId('cash-error').textContent).toBe(
      'Set your withdrawal account first (real name and Alipay account)',
    );
    expect(posts()).toHaveLength(0);
  });

  it("shows the server's refusal, keeps the key after a lost answer, and goes to the list on success", async () => {
    let round = 0;
    answer = (path, init) => {
      if (path === '/api/cash' && init?.method === 'POST') {
        round++;
        if (round === 1) return { status: 400, body: { code: 3204, msg: 'Withdrawal failed: shared device' } };
        if (round === 2) return 'network';
        return { status: 200, body: ok({ info: item(9, 'pending'), cash_fen: 4000, applied: true }) };
      }
      return { status: 200, body: ok({ list: [item(9, 'pending')], page: 1, limit: 20, total: 1, pagecount: 1 }) };
    };
    renderAt(paths.cashCenter);
    await screen.findByTestId('cash-available');
    amount('10');
    submit();
    expect((await screen.findByTestId('cash-error')).textContent).toBe('Withdrawal failed: shared device');
    submit();
    await waitFor(() => expect(posts()).toHaveLength(2));
    await screen.findByTestId('cash-error');
    submit();
    expect(await screen.findByTestId('cash-list')).toBeTruthy();
    const [first, lost, retry] = posts();
    expect(first?.body).toMatchObject({ cash_money: 1000, cash_type: 'alipay' });
    // A refusal was an answer: a new attempt, a new key. The lost request's key is reused by the retry.
    expect(lost?.body?.key).not.toBe(first?.body?.key);
    expect(retry?.body?.key).toBe(lost?.body?.key);
    expect(retry?.headers.get('Idempotency-Key')).toBe(String(lost?.body?.key));
  });
});

describe('cash-list', () => {
  it('shows time, type, masked account, state, amount and the reason; cancels a pending one', async () => {
    let cancelled = false;
    answer = (path) => {
      if (path === '/api/cash/12/cancel') {
        cancelled = true;
        return { status: 200, body: ok({ info: item(12, 'cancelled'), cash_fen: 6000 }) };
      }
      const list = [
        item(12, cancelled ? 'cancelled' : 'pending'),
        item(11, 'failed', { cash_reason: 'PAYEE_NOT_EXIST: 收款方不存在', cash_money: 250 }),
        item(10, 'paid', { cash_money: 800 }),
      ];
      return { status: 200, body: ok({ list, page: 1, limit: 20, total: 3, pagecount: 1 }) };
    };
    renderAt(paths.cashList);
    const rows = await screen.findAllByTestId('cash-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['pending', 'failed', 'paid']);
    expect(within(rows[1] as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByTestId('cash-reason').textContent).toBe(
      'Reason: PAYEE_NOT_EXIST: 收款方不存在',
    );
    expect(within(rows[2] as HTMLElement).getByText('¥8.00')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Alipay 138****1111')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Paid')).toBeTruthy();
    fireEvent.click(screen.getByTestId('cash-cancel'));
    // The dialog's confirm button (the row's own button has the same words).
    await waitFor(() => expect(screen.getAllByText('Cancel withdrawal').length).toBeGreaterThan(1));
    fireEvent.click(screen.getAllByText('Cancel withdrawal').at(-1) as HTMLElement);
    await waitFor(() => expect(cancelled).toBe(true));
    await waitFor(() => expect(screen.getAllByTestId('cash-row')[0]?.getAttribute('data-status')).toBe('cancelled'));
  });

  it('says so when there are none, with a way to the cash centre', async () => {
    answer = () => ({ status: 200, body: ok({ list: [], page: 1, limit: 20, total: 0, pagecount: 0 }) });
    renderAt(paths.cashList);
    expect(await screen.findByText('No withdrawals yet')).toBeTruthy();
  });
});

describe('cash-type', () => {
  it('checks the name and the Alipay account, then saves them and goes back', async () => {
    answer = (path, init) => {
      if (path === '/api/cash/account' && init?.method === 'POST') {
        return {
          status: 200,
          body: ok({ info: { cash_type: 'alipay', cash_account: 'a***@b.cn', cash_name: '王**' } }),
        };
      }
      return { status: 200, body: ok({ info: account }) };
    };
    renderAt(paths.cashType);
    expect(await screen.findByTestId('cash-type-current')).toBeTruthy();
    expect(screen.getByText('张* 138****1111')).toBeTruthy();
    fireEvent.click(screen.getByTestId('cash-type-save'));
    expect(screen.getByTestId('cash-type-error').textContent).toBe('Enter your real name');
    fireEvent.change(screen.getByTestId('cash-name'), { target: { value: '王小明' } });
    fireEvent.change(screen.getByTestId('cash-alipay'), { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('cash-type-save'));
    expect(screen.getByTestId('cash-type-error').textContent).toBe(
      'The Alipay account is not correct (a phone number or an e-mail address)',
    );
    fireEvent.change(screen.getByTestId('cash-alipay'), { target: { value: 'ming@b.cn' } });
    fireEvent.click(screen.getByTestId('cash-type-save'));
    expect(await screen.findByText('me page')).toBeTruthy();
    const saved = calls.find((c) => c.path === '/api/cash/account' && c.method === 'POST');
    expect(saved?.body).toEqual({ cash_type: 'alipay', cash_account: 'ming@b.cn', cash_name: '王小明' });
  });
});

describe("the device's guest", () => {
  beforeEach(() => {
    const guest = { ...user, user_name: guestCredentials(getDeviceId()).user_name, user_phone: '' } as UserInfo;
    useSession.setState({ token: 'tok', user: guest });
    center = ok({ cash_fen: 5000, cash_frozen: 0, earn_pending: 0, rules, account: null });
  });

  it('is asked to link a phone, not to sign in elsewhere, before setting an account or withdrawing', async () => {
    renderAt(paths.cashCenter);
    await screen.findByTestId('cash-available');
    amount('10');
    submit();
    const prompt = await screen.findByTestId('bind-prompt');
    expect(prompt.textContent).toContain('Link a phone number to withdraw');
    expect(screen.queryByTestId('bind-prompt-login')).toBeNull();
    expect(posts()).toHaveLength(0);
    fireEvent.click(screen.getByTestId('bind-prompt-bind'));
    expect(await screen.findByText('bind phone page')).toBeTruthy();
  });

  it('is asked from the account link and the account form, which sends nothing', async () => {
    renderAt(paths.cashCenter);
    fireEvent.click(await screen.findByTestId('cash-account-link'));
    expect(await screen.findByTestId('bind-prompt')).toBeTruthy();
    expect(screen.queryByTestId('cash-type-save')).toBeNull();
    cleanup();
    answer = () => ({ status: 200, body: ok({ info: null }) });
    renderAt(paths.cashType);
    fireEvent.change(await screen.findByTestId('cash-name'), { target: { value: '王小明' } });
    fireEvent.change(screen.getByTestId('cash-alipay'), { target: { value: 'ming@b.cn' } });
    fireEvent.click(screen.getByTestId('cash-type-save'));
    expect(await screen.findAllByTestId('bind-prompt')).not.toHaveLength(0);
    expect(calls.filter((c) => c.path === '/api/cash/account' && c.method === 'POST')).toHaveLength(0);
  });
});
