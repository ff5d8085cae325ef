/**
 * The blocked screen (issue 7 item 2; spec §5): the three choices when views are used up ("Log in" for a guest,
 * another account for a member), and a points-priced title bought with ajaxBuyPopedom, after which the page asks
 * the server again. A failed purchase shows the server's message and does not retry.
 */
import type { CheckBuyPopedomResponse } from '@openvod/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render as renderUi, screen, waitFor } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { initI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/queryClient';
import { BlockedScreen } from './BlockedScreen';
import { quotasApi } from './quotasApi';

const check = (over: Partial<CheckBuyPopedomResponse>): CheckBuyPopedomResponse => ({
  code: 1,
  msg: 'ok',
  allowed: false,
  reason: 'blocked',
  price: 0,
  bought: false,
  user_points: 0,
  free: { total: 3, used: 3 },
  extra: 0,
  logged_in: true,
  guest: true,
  choices: ['ad', 'login', 'vip'],
  ...over,
});

/** The screen's writes are mutations: it renders under a query client, as in the app. */
function render(ui: ReactElement) {
  const client = createQueryClient();
  return renderUi(ui, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  });
}

const handlers = () => ({
  onWatchAd: vi.fn(async () => {}),
  onLogin: vi.fn(),
  onVip: vi.fn(),
  onExchange: vi.fn(),
  onRetry: vi.fn(),
});

beforeAll(async () => {
  await initI18n('en-us');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('BlockedScreen', () => {
  it('offers the three choices of spec §5 when the free views are used up', () => {
    const h = handlers();
    render(<BlockedScreen vodId={7} check={check({})} {...h} />);
    expect(screen.getByTestId('quota-blocked').dataset.reason).toBe('blocked');
    expect(screen.getByText("Today's free views are used up")).toBeTruthy();
    expect(screen.getByTestId('quota-count').textContent).toBe('Free views today: 3/3');
    fireEvent.click(screen.getByTestId('quota-choice-ad'));
    expect(h.onWatchAd).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('quota-choice-login').textContent).toBe('Log in');
    fireEvent.click(screen.getByTestId('quota-choice-login'));
    expect(h.onLogin).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('quota-choice-vip'));
    expect(h.onVip).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('quota-exchange'));
    expect(h.onExchange).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('quota-choice-points')).toBeNull();
  });

  it('names the log-in choice "another account" for a member', () => {
    render(<BlockedScreen vodId={7} check={check({ guest: false })} {...handlers()} />);
    expect(screen.getByTestId('quota-choice-login').textContent).toBe('Log in to another account');
  });

  it('buys a priced title with points, then asks the server again', async () => {
    const buy = vi
      .spyOn(quotasApi, 'buy')
      .mockResolvedValue({ code: 1, msg: 'ok', bought: true, paid: 7, user_points: 3 });
    const h = handlers();
    render(
      <BlockedScreen
        vodId={7}
        check={check({ reason: 'buy', price: 7, user_points: 10, choices: ['points', 'vip'] })}
        {...h}
      />,
    );
    expect(screen.getByText('This title costs 7 points')).toBeTruthy();
    expect(screen.getByText('Your points: 10')).toBeTruthy();
    expect(screen.queryByTestId('quota-choice-ad')).toBeNull();
    fireEvent.click(screen.getByTestId('quota-choice-points'));
    await waitFor(() => expect(h.onRetry).toHaveBeenCalledTimes(1));
    expect(buy).toHaveBeenCalledWith(7, 4);
  });

  it('does not retry when the purchase is refused', async () => {
    const buy = vi.spyOn(quotasApi, 'buy').mockRejectedValue(new ApiError('Insufficient Balance', 0, 400, 'server'));
    const h = handlers();
    render(<BlockedScreen vodId={7} check={check({ reason: 'buy', price: 7, choices: ['points', 'vip'] })} {...h} />);
    fireEvent.click(screen.getByTestId('quota-choice-points'));
    // The server's message is shown; the button is usable again; no retry.
    expect(await screen.findByText('Insufficient Balance')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('quota-choice-points') as HTMLButtonElement).disabled).toBe(false));
    expect(buy).toHaveBeenCalledTimes(1);
    expect(h.onRetry).not.toHaveBeenCalled();
  });
});
