/**
 * The client side of the free-view flow (issue 7 item 2): it only follows the server. Allowed answers that use a
 * view write the log entry first; a refusal of that write (the last view went to a parallel play) shows the blocked
 * screen with the server's new answer; other failures propagate; tourists never write.
 */
import { type CheckBuyPopedomResponse, QUOTA_CODE } from '@openvod/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { runFreeView } from './useFreeView';

const answer = (over: Partial<CheckBuyPopedomResponse>): CheckBuyPopedomResponse => ({
  code: 1,
  msg: 'ok',
  allowed: true,
  reason: 'free',
  price: 0,
  bought: false,
  user_points: 0,
  free: { total: 1, used: 0 },
  extra: 0,
  logged_in: true,
  guest: false,
  choices: [],
  ...over,
});

describe('runFreeView', () => {
  it('writes the entry before allowing a metered view', async () => {
    const claim = vi.fn(async () => ({}));
    const r = await runFreeView(async () => answer({ reason: 'free' }), claim);
    expect(claim).toHaveBeenCalledTimes(1);
    expect(r.state).toBe('allowed');
  });

  it('does not write for unmetered answers or without a session', async () => {
    const claim = vi.fn(async () => ({}));
    for (const reason of ['vip', 'existed', 'bought', 'tourist'] as const) {
      expect((await runFreeView(async () => answer({ reason }), claim)).state).toBe('allowed');
    }
    expect((await runFreeView(async () => answer({ reason: 'free' }), undefined)).state).toBe('allowed');
    expect(claim).not.toHaveBeenCalled();
  });

  it('shows the refusal the server gives, never plays', async () => {
    const claim = vi.fn(async () => ({}));
    const blocked = answer({ allowed: false, reason: 'blocked', choices: ['ad', 'login', 'vip'] });
    const r = await runFreeView(async () => blocked, claim);
    expect(r).toEqual({ state: 'refused', check: blocked });
    expect(claim).not.toHaveBeenCalled();
  });

  it('asks again when the write is refused (a parallel play took the last view)', async () => {
    const check = vi
      .fn<() => Promise<CheckBuyPopedomResponse>>()
      .mockResolvedValueOnce(answer({ reason: 'free' }))
      .mockResolvedValueOnce(answer({ allowed: false, reason: 'blocked' }));
    const claim = vi.fn(async () => {
      throw new ApiError('used up', QUOTA_CODE.quotaUsedUp, 403, 'server');
    });
    const r = await runFreeView(check, claim);
    expect(r.state).toBe('refused');
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('claims again when the fresh answer has a view left again, and never allows without the view taken', async () => {
    const refused = () => {
      throw new ApiError('used up', QUOTA_CODE.quotaUsedUp, 403, 'server');
    };
    const check = vi.fn<() => Promise<CheckBuyPopedomResponse>>().mockResolvedValue(answer({ reason: 'extra' }));
    const once = vi.fn().mockImplementationOnce(refused).mockResolvedValueOnce({});
    expect((await runFreeView(check, once)).state).toBe('allowed');
    expect(once).toHaveBeenCalledTimes(2);
    // The server keeps refusing while saying a view is left: an error to retry, not a player without addresses.
    const always = vi.fn(refused);
    expect((await runFreeView(check, always)).state).toBe('error');
    expect(always).toHaveBeenCalledTimes(2);
  });

  it('lets other failures through (the page shows an error)', async () => {
    const claim = vi.fn(async () => {
      throw new ApiError('offline', 0, 0, 'network');
    });
    await expect(runFreeView(async () => answer({ reason: 'extra' }), claim)).rejects.toThrow('offline');
  });
});
