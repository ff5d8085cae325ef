/** The orders page against a fake server at `fetch`: the list and its filters, one order's drawer, closing it. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Res } from '../../api.ts';
import { renderPage, serve, writes } from '../../testing.tsx';
import OrdersPage from './index.tsx';

type Order = Res<'adminListOrders'>['list'][number];

function order(over: Partial<Order> = {}): Order {
  return {
    order_id: 1,
    order_code: 'VO20260101000001',
    user_id: 7,
    user_name: 'alice',
    group_id: 3,
    group_name: 'VIP',
    plan_id: 1,
    order_long: 'month',
    order_days: 30,
    order_price: 1990,
    order_price_kind: 'original',
    order_status: 'unpaid',
    order_pay_type: 'alipay',
    order_time: '2026-01-01T08:00:00.000Z',
    order_pay_time: null,
    order_expire_time: '2026-01-01T08:30:00.000Z',
    order_close_time: null,
    ...over,
  };
}

const list = (items: Order[]) => ({ list: items, page: 1, pagecount: 1, limit: 20, total: items.length });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('orders page', () => {
  it('lists the orders of the URL filters with amount in yuan, and sends the search', async () => {
    const requests = serve([
      {
        method: 'GET',
        path: '/api/admin/billing/orders',
        reply: list([order(), order({ order_id: 2, order_code: 'VO2', order_status: 'paid', order_price: 500 })]),
      },
    ]);
    renderPage(<OrdersPage />, '/orders?status=unpaid&problem=1');

    expect(await screen.findByText('VO20260101000001')).toBeTruthy();
    expect(screen.getByText('¥19.90')).toBeTruthy();
    expect(screen.getByText('¥5.00')).toBeTruthy();
    const first = requests[0];
    expect(first?.path).toBe('/api/admin/billing/orders');
    expect(first?.query.get('status')).toBe('unpaid');
    expect(first?.query.get('problem')).toBe('1');
    expect(first?.headers.authorcode).toBe('test-token');
    expect(first?.headers['Accept-Language']).toBe('zh-CN');

    const search = within(screen.getByTestId('orders-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'alice' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(requests.at(-1)?.query.get('wd')).toBe('alice'));
  });

  it('shows the load error the server sent', async () => {
    serve([{ method: 'GET', path: '/api/admin/billing/orders', status: 500, msg: '数据库不可用' }]);
    renderPage(<OrdersPage />, '/orders');
    expect(await screen.findByText('数据库不可用')).toBeTruthy();
  });

  it('opens an order with its provider record and closes it: POST close, message, list and order read again', async () => {
    let status: Order['order_status'] = 'unpaid';
    const requests = serve([
      { method: 'GET', path: '/api/admin/billing/orders', reply: () => list([order({ order_status: status })]) },
      {
        method: 'GET',
        path: '/api/admin/billing/orders/VO20260101000001',
        reply: () => ({
          info: order({ order_status: status }),
          payments: [],
          provider: {
            status: 'unpaid',
            provider_txn_id: null,
            amount: null,
            paid_at: null,
            raw: { trade_status: 'WAIT' },
          },
          provider_error: null,
        }),
      },
      {
        method: 'POST',
        path: '/api/admin/billing/orders/VO20260101000001/close',
        reply: () => {
          status = 'cancelled';
          return { info: order({ order_status: status }) };
        },
      },
    ]);
    renderPage(<OrdersPage />, '/orders');

    fireEvent.click(await screen.findByTestId('order-view-VO20260101000001'));
    const drawer = await screen.findByTestId('order-drawer');
    expect(await within(drawer).findByTestId('order-provider-status')).toHaveProperty('dataset.status', 'unpaid');
    expect(within(drawer).getByText('暂无支付通知')).toBeTruthy();

    fireEvent.click(within(drawer).getByTestId('order-close'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));

    expect(await screen.findByText('订单已处理')).toBeTruthy();
    expect(writes(requests).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/admin/billing/orders/VO20260101000001/close',
    ]);
    const closeAt = requests.findIndex((r) => r.method === 'POST');
    await waitFor(() => {
      const after = requests.slice(closeAt + 1).map((r) => r.path);
      expect(after).toContain('/api/admin/billing/orders');
      expect(after).toContain('/api/admin/billing/orders/VO20260101000001');
    });
    await waitFor(() => expect(within(drawer).queryByTestId('order-close')).toBeNull());
  });

  it('shows the server message when closing fails and keeps the order open', async () => {
    serve([
      { method: 'GET', path: '/api/admin/billing/orders', reply: list([order()]) },
      {
        method: 'GET',
        path: '/api/admin/billing/orders/VO20260101000001',
        reply: { info: order(), payments: [], provider: null, provider_error: '渠道未配置' },
      },
      {
        method: 'POST',
        path: '/api/admin/billing/orders/VO20260101000001/close',
        status: 502,
        msg: '支付渠道暂不可用',
      },
    ]);
    renderPage(<OrdersPage />, '/orders');
    fireEvent.click(await screen.findByTestId('order-view-VO20260101000001'));
    const drawer = await screen.findByTestId('order-drawer');
    expect(await within(drawer).findByText('渠道未配置')).toBeTruthy();
    fireEvent.click(within(drawer).getByTestId('order-close'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('支付渠道暂不可用')).toBeTruthy();
    expect(within(drawer).getByTestId('order-close')).toBeTruthy();
  });
});
