/**
 * useFreeView on a first launch (issue 7 item 2): outside tourist mode a caller without a session is refused with
 * `login`, so the hook waits for the launch flow (the device's guest signing in) before asking, and asks again when
 * the signed-in user changes.
 */
import type { CheckBuyPopedomResponse, UserInfo } from '@openvod/contract';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackLaunch } from '../../lib/launchState';
import { useSession } from '../../lib/session';
import { useFreeView } from './useFreeView';

const check = vi.hoisted(() => vi.fn());
const claimView = vi.hoisted(() => vi.fn());
vi.mock('./quotasApi', () => ({ quotasApi: { check, claimView } }));

const answer = (over: Partial<CheckBuyPopedomResponse>): CheckBuyPopedomResponse => ({
  code: 1,
  msg: 'ok',
  allowed: true,
  reason: 'free',
  price: 0,
  bought: false,
  user_points: 0,
  free: { total: 3, used: 0 },
  extra: 0,
  logged_in: true,
  guest: true,
  choices: [],
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  useSession.getState().clear();
  check.mockReset();
  claimView.mockReset().mockResolvedValue({ code: 1, msg: 'ok', list: [] });
});

afterEach(cleanup);

describe('useFreeView', () => {
  it('waits for the launch, then asks as the guest it signed in and takes the view', async () => {
    let finishLaunch: () => void = () => undefined;
    trackLaunch(
      new Promise<void>((resolve) => {
        finishLaunch = resolve;
      }),
    );
    check.mockResolvedValue(answer({ reason: 'free' }));
    const { result } = renderHook(() => useFreeView(7, 1, 2));
    // Nothing is asked while the device's guest is still signing in.
    await act(async () => {
      await Promise.resolve();
    });
    expect(check).not.toHaveBeenCalled();
    expect(result.current.state).toBe('checking');

    act(() => useSession.getState().signIn('token-g', { user_id: 5, user_name: 'g1' } as UserInfo));
    await act(async () => finishLaunch());
    await waitFor(() => expect(result.current.state).toBe('allowed'));
    expect(check).toHaveBeenCalledWith(7, 4, expect.any(AbortSignal));
    expect(claimView).toHaveBeenCalledWith(7, 1, 2);
  });

  it('asks again when the user changes (a refusal as "no session" does not stick)', async () => {
    trackLaunch(Promise.resolve());
    check.mockResolvedValueOnce(answer({ allowed: false, reason: 'login', logged_in: false, choices: ['login'] }));
    const { result } = renderHook(() => useFreeView(7, 1, 1));
    await waitFor(() => expect(result.current.state).toBe('refused'));
    expect(claimView).not.toHaveBeenCalled();

    check.mockResolvedValue(answer({ reason: 'existed' }));
    act(() => useSession.getState().signIn('token-m', { user_id: 6, user_name: 'm1' } as UserInfo));
    await waitFor(() => expect(result.current.state).toBe('allowed'));
    expect(check.mock.calls.length, JSON.stringify(check.mock.calls.map((c) => c.slice(0, 2)))).toBe(2);
    // An existing record takes no view.
    expect(claimView).not.toHaveBeenCalled();
  });
});
