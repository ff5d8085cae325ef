/**
 * The promotion screens against a stubbed server: the promotion centre (code, link, QR, totals in yuan, level and
 * progress, entries to the other screens), level-config (levels with shares and rewards), reward-list (depth tabs,
 * masked invitees, qualified, what each earned) and revenue-list (source, invitee, amount, state); the launch's
 * visit report.
 */
import type { UserInfo } from '@openvod/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/queryClient';
import { paths } from '../../lib/routes';
import { useSession } from '../../lib/session';
import LevelConfigPage from './LevelConfigPage';
import PromotionCenterPage from './PromotionCenterPage';
import RevenueListPage from './RevenueListPage';
import RewardListPage from './RewardListPage';
import { percent, yuan } from './text';
import { reportVisit } from './visit';

const ok = (payload: object) => ({ code: 1, msg: 'ok', ...payload });
const user = { user_id: 7, user_name: 'viewer', user_phone: '', group_id: 2, is_vip: false } as unknown as UserInfo;
const level = (id: number, name: string, min: number, agent = false) => ({
  level_id: id,
  level_name: name,
  min_qualified: min,
  ratio_1: 1000 + id,
  ratio_2: 500,
  ratio_3: 250,
  reg_reward_fen: 50,
  active_reward_fen: 10,
  is_agent_level: agent,
  level_sort: id,
});
const levels = [level(1, 'Starter', 0), level(2, 'Silver', 10), level(4, 'Agent', 0, true)];
const center = ok({
  info: {
    invitation_code: 'ABC234',
    enabled: true,
    pending_fen: 150,
    available_fen: 1205,
    earned_fen: 1355,
    hold_days: 7,
    visits: 3,
    standing: {
      level: levels[0],
      next_level: levels[1],
      invitees: 6,
      qualified: 4,
      needed: 6,
      active_today: 2,
      active_week: 3,
      is_agent: false,
      fraud_flag: false,
      fraud_reason: '',
    },
  },
});
const invitees = (depth: number) =>
  ok({
    depth,
    list:
      depth === 1
        ? [
            { user_id: 11, name: 'a***z', reg_time: '2026-11-20T02:00:00Z', qualified: true, earned_fen: 60 },
            { user_id: 12, name: 'b*', reg_time: '2026-11-21T02:00:00Z', qualified: false, earned_fen: 0 },
          ]
        : [],
    page: 1,
    limit: 20,
    total: depth === 1 ? 2 : 0,
    pagecount: depth === 1 ? 1 : 0,
  });
const earnings = ok({
  list: [
    {
      earning_id: 2,
      source: 'spend',
      depth: 2,
      invitee: 'c***d',
      amount_fen: 99,
      status: 'pending',
      created_at: '2026-11-22T02:00:00Z',
      available_at: '2026-11-29T02:00:00Z',
      reverse_reason: '',
    },
    {
      earning_id: 1,
      source: 'register',
      depth: 1,
      invitee: 'a***z',
      amount_fen: 50,
      status: 'reversed',
      created_at: '2026-11-20T02:00:00Z',
      available_at: '2026-11-27T02:00:00Z',
      reverse_reason: 'duplicate device',
    },
  ],
  page: 1,
  limit: 20,
  total: 2,
  pagecount: 1,
  pending_fen: 99,
  available_fen: 0,
});

const calls: string[] = [];
beforeAll(async () => {
  await initI18n('en-us');
});
beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  useSession.setState({ token: 'tok', user });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    calls.push(`${url.pathname}${url.search}${init?.body ? ` ${String(init.body)}` : ''}`);
    const body =
      url.pathname === '/api/promotion/center'
        ? center
        : url.pathname === '/api/promotion/levels'
          ? ok({
              list: levels,
              tiers: [{ tier_id: 1, invites: 5, points: 100, group_id: 3, vip_days: 7 }],
              tiers_enabled: true,
              hold_days: 7,
              scale: 10,
              invitee_day_cap_fen: 1000,
              invitee_total_cap_fen: 0,
            })
          : url.pathname === '/api/promotion/rewards'
            ? invitees(Number(url.searchParams.get('depth')))
            : url.pathname === '/api/promotion/earnings'
              ? earnings
              : url.pathname === '/api/promotion/points-cash'
                ? ok({ amount_fen: 150, user_points: 10, available_at: '2026-11-29T02:00:00Z' })
                : { code: 0, msg: `unexpected ${url.pathname}` };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(page: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('formatting', () => {
  it('shows fen as yuan and basis points as percent', () => {
    expect([yuan(0), yuan(5), yuan(1205), yuan(-150)]).toEqual(['0.00', '0.05', '12.05', '-1.50']);
    expect([percent(1000), percent(250), percent(5)]).toEqual(['10%', '2.5%', '0.05%']);
  });
});

describe('promotion-center', () => {
  it('shows the code, link, QR, totals, level progress and every entry', async () => {
    renderPage(<PromotionCenterPage />);
    expect((await screen.findByTestId('invite-code')).textContent).toBe('ABC234');
    expect(screen.getByTestId('invite-link').textContent).toMatch(/\?code=ABC234$/);
    expect(screen.getByTestId('invite-qr')).toBeTruthy();
    expect(screen.getByTestId('total-invitees').textContent).toBe('6');
    expect(screen.getByTestId('total-qualified').textContent).toBe('4');
    expect(screen.getByTestId('total-pending').textContent).toBe('1.50');
    expect(screen.getByTestId('total-available').textContent).toBe('12.05');
    expect(screen.getByTestId('total-earned').textContent).toBe('13.55');
    const standing = screen.getByTestId('standing');
    expect(within(standing).getByText(/Starter/)).toBeTruthy();
    expect(within(standing).getByText('6 more qualified invitees to reach “Silver”')).toBeTruthy();
    const hrefs = ['to-level-config', 'to-reward-list', 'to-revenue-list', 'to-reward-more', 'to-cash-center'].map(
      (id) => screen.getByTestId(id).getAttribute('href'),
    );
    expect(hrefs).toEqual([paths.levelConfig, paths.rewardList, paths.revenueList, paths.rewardMore, paths.cashCenter]);
    // Named as the Me page names it; its entry to the level rules is not called a promotion centre too.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Promotion centre');
    expect(screen.getByTestId('to-level-config').textContent).toContain('Promoter levels');
    expect(screen.queryByTestId('fraud-flag')).toBeNull();
  });

  it('exchanges points into pending money at the operator rate, with an idempotency key', async () => {
    useSession.setState({ token: 'tok', user: { ...user, user_points: 25 } });
    renderPage(<PromotionCenterPage />);
    const input = await screen.findByTestId('points-cash-input');
    fireEvent.change(input, { target: { value: '15' } });
    expect(screen.getByTestId('points-cash-submit').textContent).toBe('Get ¥1.50');
    fireEvent.click(screen.getByTestId('points-cash-submit'));
    expect((await screen.findByTestId('points-cash-result')).textContent).toBe(
      'Done: ¥1.50 added to your pending earnings',
    );
    const sent = calls.find((c) => c.startsWith('/api/promotion/points-cash'));
    expect(sent).toMatch(/"points":15,"key":"[\w-]{8,64}"/);
    expect(useSession.getState().user?.user_points).toBe(10);
  });
});

describe('level-config', () => {
  it('lists the levels with their shares and rewards, the tiers and the rules', async () => {
    renderPage(<LevelConfigPage />);
    const items = await screen.findAllByTestId('level-item');
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).getByText('10.01% / 5% / 2.5%')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Needs 10 qualified')).toBeTruthy();
    expect(within(items[2] as HTMLElement).getByText('For agents')).toBeTruthy();
    expect(within(screen.getByTestId('tier-list')).getByText('100 points + 7 VIP days')).toBeTruthy();
    expect(screen.getByText('Each invitee earns its inviters at most ¥10.00 a day')).toBeTruthy();
    expect(screen.getByText('10 points make ¥1')).toBeTruthy();
  });
});

describe('reward-list', () => {
  it('shows the invitees of each depth with qualification and earnings', async () => {
    renderPage(<RewardListPage />);
    const rows = await screen.findAllByTestId('invitee-item');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Qualified')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('¥0.60')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Not yet qualified')).toBeTruthy();
    fireEvent.click(screen.getByTestId('depth-2'));
    expect(await screen.findByText('No invitees yet')).toBeTruthy();
    expect(calls.some((c) => c.includes('depth=2'))).toBe(true);
  });
});

describe('revenue-list', () => {
  it('lists earnings with source, invitee, amount and state (reason when reversed)', async () => {
    renderPage(<RevenueListPage />);
    const rows = await screen.findAllByTestId('earning-item');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Purchase share · c***d · Depth 2');
    expect(rows[0]?.textContent).toContain('Pending');
    expect(rows[0]?.textContent).toContain('+0.99');
    expect(rows[1]?.textContent).toContain('Reversed');
    expect(rows[1]?.textContent).toContain('duplicate device');
    expect(screen.getByTestId('revenue-pending').textContent).toBe('0.99');
  });
});

describe('launch visit', () => {
  it('reports a promotion link visit once per page load, swallowing failures', async () => {
    const seen: string[] = [];
    const call = async (code: string) => {
      seen.push(code);
      throw new Error('offline');
    };
    reportVisit('XYZ789', call);
    reportVisit('XYZ789', call);
    expect(seen).toEqual(['XYZ789']);
  });
});
