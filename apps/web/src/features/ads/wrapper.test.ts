import { describe, expect, it, vi } from 'vitest';
import { LOADED_TTL_MS, RewardedAdWrapper, type RewardedProvider, SILENT_RELOAD_CODE } from './wrapper';

/** A provider whose load/show answers are scripted in order. */
function scripted(
  loads: (Error | { code: number } | 'ok' | { expiresAt: number })[],
  shows: ('ended' | 'closed' | 'fail')[],
) {
  const calls = { load: 0, show: 0 };
  const provider: RewardedProvider = {
    async load() {
      const next = loads[calls.load++] ?? 'ok';
      if (next === 'ok') return;
      if ('expiresAt' in next) return next;
      throw next;
    },
    async show() {
      const next = shows[calls.show++] ?? 'ended';
      if (next === 'fail') throw { code: 7, message: 'show failed' };
      return next;
    },
  };
  return { provider, calls };
}

describe('RewardedAdWrapper (spec §4 rewarded ad wrapper)', () => {
  it('load success marks loaded; close clears it', async () => {
    const { provider } = scripted(['ok'], ['closed']);
    const w = new RewardedAdWrapper(provider);
    expect(w.loaded).toBe(false);
    await w.load();
    expect(w.loaded).toBe(true);
    expect(w.state).toBe('loaded');
    expect(await w.show()).toEqual({ status: 'closed' });
    expect(w.loaded).toBe(false);
  });

  it('retries a load error once, then reports it', async () => {
    const ok = scripted([{ code: 1 }, 'ok'], []);
    await new RewardedAdWrapper(ok.provider).load();
    expect(ok.calls.load).toBe(2);

    const bad = scripted([{ code: 1 }, { code: 2 }, 'ok'], []);
    const w = new RewardedAdWrapper(bad.provider);
    await expect(w.load()).rejects.toEqual({ code: 2, message: undefined });
    expect(bad.calls.load).toBe(2);
    expect(w.state).toBe('idle');
  });

  it('-5008 reloads silently without using up the retry (bounded)', async () => {
    const s = scripted([{ code: SILENT_RELOAD_CODE }, { code: SILENT_RELOAD_CODE }, { code: 1 }, 'ok'], []);
    await new RewardedAdWrapper(s.provider).load();
    expect(s.calls.load).toBe(4);

    const always = scripted(Array(20).fill({ code: SILENT_RELOAD_CODE }), []);
    await expect(new RewardedAdWrapper(always.provider, { maxSilentReloads: 3 }).load()).rejects.toMatchObject({
      code: SILENT_RELOAD_CODE,
    });
    expect(always.calls.load).toBe(5); // 3 silent reloads + the first try + one counted retry
  });

  it('a loaded ad expires after 30 minutes and is reloaded before the show', async () => {
    let now = 1_000_000;
    const s = scripted(['ok', 'ok'], ['ended']);
    const w = new RewardedAdWrapper(s.provider, { now: () => now });
    await w.load();
    now += LOADED_TTL_MS - 1;
    expect(w.loaded).toBe(true);
    now += 1;
    expect(w.loaded).toBe(false);
    expect(await w.show()).toEqual({ status: 'ended' });
    expect(s.calls.load).toBe(2);
  });

  it("honours the provider's own earlier expiry (e.g. the server nonce)", async () => {
    let now = 5000;
    const s = scripted([{ expiresAt: 6000 }, 'ok'], ['ended']);
    const w = new RewardedAdWrapper(s.provider, { now: () => now });
    await w.load();
    now = 6000;
    expect(w.loaded).toBe(false);
    await w.show();
    expect(s.calls.load).toBe(2);
  });

  it('the reward callback fires only when playback ended', async () => {
    const onRewarded = vi.fn();
    const s = scripted(['ok', 'ok'], ['closed', 'ended']);
    const w = new RewardedAdWrapper(s.provider, { onRewarded });
    expect(await w.show()).toEqual({ status: 'closed' });
    expect(onRewarded).not.toHaveBeenCalled();
    expect(await w.show()).toEqual({ status: 'ended' });
    expect(onRewarded).toHaveBeenCalledTimes(1);
  });

  it('a show failure reloads once and shows again; a second failure reports the error', async () => {
    const once = scripted(['ok', 'ok'], ['fail', 'ended']);
    expect(await new RewardedAdWrapper(once.provider).show()).toEqual({ status: 'ended' });
    expect(once.calls).toEqual({ load: 2, show: 2 });

    const onRewarded = vi.fn();
    const twice = scripted(['ok', 'ok', 'ok'], ['fail', 'fail', 'ended']);
    expect(await new RewardedAdWrapper(twice.provider, { onRewarded }).show()).toEqual({
      status: 'error',
      error: { code: 7, message: 'show failed' },
    });
    expect(twice.calls).toEqual({ load: 2, show: 2 });
    expect(onRewarded).not.toHaveBeenCalled();
  });

  it('reports a load failure of the show as an error', async () => {
    const s = scripted([new Error('offline'), new Error('offline')], []);
    expect(await new RewardedAdWrapper(s.provider).show()).toEqual({
      status: 'error',
      error: { code: undefined, message: 'offline' },
    });
  });
});
