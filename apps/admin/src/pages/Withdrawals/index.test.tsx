/**
 * The withdrawals page against a fake server at `fetch`: the queue with its flags, and the four writes that move
 * money (approve, reject with a reason, mark paid with a reference, retry a failed payout), each sent once with its
 * body, confirmed by its message, and followed by a fresh read of the queue.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Res } from '../../api.ts';
import { renderPage, type SentRequest, serve, writes } from '../../testing.tsx';
import WithdrawalsPage from './index.tsx';

type Cash = Res<'adminListCash'>['list'][number];

function cash(over: Partial<Cash> = {}): Cash {
  return {
    cash_id: 11,
    cash_status: 'pending',
    cash_money: 10_000,
    cash_fee: 100,
    cash_type: 'alipay',
    cash_bank_no: 'alice@example.com',
    cash_reason: '',
    cash_time: '2026-01-01T08:00:00.000Z',
    cash_time_audit: null,
    cash_time_paid: null,
    user_id: 7,
    user_name: 'alice',
    cash_payee_name: '张三',
    cash_channel: '',
    cash_ref: '',
    cash_attempts: 0,
    late: false,
    overdue: false,
    fraud_flag: false,
    fraud_reason: '',
    ...over,
  };
}

const settings = {
  info: {
    min_fen: 1000,
    fee_bp: 100,
    fee_fixed_fen: 0,
    daily_count: 3,
    daily_fen: 100_000,
    monthly_count: 30,
    monthly_fen: 1_000_000,
    payout_mode: 'manual' as const,
    auto_approve_fen: 0,
  },
  modes: ['manual' as const],
};

/** The fake server: the queue holds `rows`; each write answers with the row as the server would leave it. */
function cashServer(rows: Cash[]): SentRequest[] {
  const queue = { list: rows, page: 1, pagecount: 1, limit: 20, total: rows.length, late: 0, overdue: 0 };
  const answer = (req: SentRequest) => ({ info: rows.find((r) => req.path.includes(`/${r.cash_id}/`)) });
  return serve([
    { method: 'GET', path: '/api/admin/cash', reply: () => queue },
    { method: 'GET', path: '/api/admin/cash/settings', reply: settings },
    { method: 'POST', path: /^\/api\/admin\/cash\/\d+\/(approve|reject|paid|retry)$/, reply: answer },
  ]);
}

/** The queue was read again after the write (its invalidation). */
async function queueReadAfterWrite(requests: SentRequest[]) {
  const at = requests.findIndex((r) => r.method === 'POST');
  await waitFor(() => expect(requests.slice(at + 1).some((r) => r.path === '/api/admin/cash')).toBe(true));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('withdrawals page', () => {
  it('lists the queue: amount and fee in yuan, the payee account in full, fraud and overdue flags', async () => {
    const requests = cashServer([
      cash({ fraud_flag: true, fraud_reason: 'same device', overdue: true, cash_status: 'approved' }),
    ]);
    renderPage(<WithdrawalsPage />, '/withdrawals?status=approved');
    const card = await screen.findByTestId('cash-card');
    expect(await within(card).findByText('alice@example.com')).toBeTruthy();
    expect(within(card).getByText('¥100.00', { exact: false })).toBeTruthy();
    expect(within(card).getByText('(−¥1.00)', { exact: false })).toBeTruthy();
    expect(within(card).getByTestId('cash-fraud').getAttribute('title')).toBe('same device');
    expect(within(card).getByTestId('cash-overdue')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/admin/cash')?.query.get('status')).toBe('approved');
  });

  it('approves after confirmation: one POST approve, "已通过", the queue read again', async () => {
    const requests = cashServer([cash()]);
    renderPage(<WithdrawalsPage />, '/withdrawals');
    fireEvent.click(await screen.findByTestId('cash-approve-11'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('已通过')).toBeTruthy();
    expect(writes(requests).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/admin/cash/11/approve']);
    await queueReadAfterWrite(requests);
  });

  it('rejects with the typed reason (trimmed); OK is disabled while the reason is blank', async () => {
    const requests = cashServer([cash()]);
    renderPage(<WithdrawalsPage />, '/withdrawals');
    fireEvent.click(await screen.findByTestId('cash-reject-11'));
    const ok = await screen.findByTestId('cash-reject-11-ok');
    expect(ok.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('cash-reject-11-text'), { target: { value: '  账户姓名不符  ' } });
    await waitFor(() => expect(ok.hasAttribute('disabled')).toBe(false));
    fireEvent.click(ok);
    expect(await screen.findByText('已驳回，金额已退回')).toBeTruthy();
    const sent = writes(requests);
    expect(sent.map((r) => r.path)).toEqual(['/api/admin/cash/11/reject']);
    expect(sent[0]?.body).toEqual({ reason: '账户姓名不符' });
    await queueReadAfterWrite(requests);
  });

  it('marks an approved withdrawal paid with its payout reference', async () => {
    const requests = cashServer([cash({ cash_status: 'approved' })]);
    renderPage(<WithdrawalsPage />, '/withdrawals');
    expect(screen.queryByTestId('cash-approve-11')).toBeNull();
    fireEvent.click(await screen.findByTestId('cash-paid-11'));
    fireEvent.change(await screen.findByTestId('cash-paid-11-text'), { target: { value: 'BANK-2026-0001' } });
    fireEvent.click(screen.getByTestId('cash-paid-11-ok'));
    expect(await screen.findByText('已标记为已打款')).toBeTruthy();
    const sent = writes(requests);
    expect(sent.map((r) => r.path)).toEqual(['/api/admin/cash/11/paid']);
    expect(sent[0]?.body).toEqual({ ref: 'BANK-2026-0001' });
    await queueReadAfterWrite(requests);
  });

  it('retries a failed payout after confirmation', async () => {
    const requests = cashServer([cash({ cash_status: 'failed', cash_reason: '收款账户不存在' })]);
    renderPage(<WithdrawalsPage />, '/withdrawals');
    expect(await screen.findByText('收款账户不存在')).toBeTruthy();
    fireEvent.click(screen.getByTestId('cash-retry-11'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('已重新提交打款')).toBeTruthy();
    expect(writes(requests).map((r) => r.path)).toEqual(['/api/admin/cash/11/retry']);
    await queueReadAfterWrite(requests);
  });

  it('keeps the reject dialog open with its text and shows the server message when the write fails', async () => {
    serve([
      {
        method: 'GET',
        path: '/api/admin/cash',
        reply: { list: [cash()], page: 1, pagecount: 1, limit: 20, total: 1, late: 0, overdue: 0 },
      },
      { method: 'GET', path: '/api/admin/cash/settings', reply: settings },
      { method: 'POST', path: '/api/admin/cash/11/reject', status: 409, msg: '该提现已处理' },
    ]);
    renderPage(<WithdrawalsPage />, '/withdrawals');
    fireEvent.click(await screen.findByTestId('cash-reject-11'));
    fireEvent.change(await screen.findByTestId('cash-reject-11-text'), { target: { value: '重复申请' } });
    fireEvent.click(screen.getByTestId('cash-reject-11-ok'));
    expect(await screen.findByText('该提现已处理')).toBeTruthy();
    expect((screen.getByTestId('cash-reject-11-text') as HTMLTextAreaElement).value).toBe('重复申请');
  });
});
