import type { CheckBuyPopedomResponse } from '@openvod/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseHashRoute } from './preload';

const engine = vi.hoisted(() => ({
  loadHls: vi.fn(),
  startEarlyPlayer: vi.fn(),
}));
const getDetail = vi.hoisted(() => vi.fn());
const check = vi.hoisted(() => vi.fn());
const claimView = vi.hoisted(() => vi.fn());
const fetchAds = vi.hoisted(() => vi.fn());
vi.mock('../features/player/hlsEngine', () => engine);
vi.mock('../features/quotas/quotasApi', () => ({ quotasApi: { check, claimView } }));
// The app's typed caller: getDetail answers from the mock above; any other call fails (none is expected here).
vi.mock('../lib/client', () => ({
  call: (op: string, args?: { params?: { id?: number } }) =>
    op === 'getDetail' ? getDetail(args?.params?.id) : Promise.reject(new Error(`unexpected call ${op}`)),
}));
vi.mock('../features/ads/adsApi', async (original) => ({
  ...(await original<typeof import('../features/ads/adsApi')>()),
  fetchAds,
}));
vi.mock('../lib/messages', () => ({ loadMessages: () => Promise.resolve({}) }));
vi.mock('./pages/DetailPage', () => ({ default: () => null }));

const detail = {
  info: {
    vod_id: 7,
    vod_name: 'A title',
    vod_pic: '',
    sources: [{ sid: 1, from: 'ovhls', episodes: [{ nid: 1, name: '1', url: '/media/a/index.m3u8' }] }],
  },
};

/** A fresh preload module (its early-start state is module state) with hls.js and the detail answering at once. */
async function preload() {
  vi.resetModules();
  engine.loadHls.mockReset().mockResolvedValue(class {});
  getDetail.mockReset().mockResolvedValue(detail);
  check.mockReset().mockResolvedValue(popedom({}));
  claimView.mockReset().mockResolvedValue({ code: 1, msg: 'ok', list: [] });
  fetchAds.mockReset().mockResolvedValue([]);
  return import('./preload');
}

/** A checkBuyPopedom answer (a tourist's by default). */
function popedom(over: Partial<CheckBuyPopedomResponse>): CheckBuyPopedomResponse {
  return {
    code: 1,
    msg: 'ok',
    allowed: true,
    reason: 'tourist',
    price: 0,
    bought: false,
    user_points: 0,
    free: { total: 3, used: 0 },
    extra: 0,
    logged_in: false,
    guest: true,
    choices: [],
    ...over,
  } as CheckBuyPopedomResponse;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('earlyPlayAllowed', () => {
  it('allows what the server allows unless the page must claim a view first', async () => {
    const { earlyPlayAllowed } = await preload();
    expect(earlyPlayAllowed(popedom({}))).toBe(true);
    expect(earlyPlayAllowed(popedom({ reason: 'vip', logged_in: true }))).toBe(true);
    expect(earlyPlayAllowed(popedom({ reason: 'free', logged_in: true }))).toBe(false);
    expect(earlyPlayAllowed(popedom({ reason: 'extra', logged_in: true }))).toBe(false);
    expect(earlyPlayAllowed(popedom({ allowed: false, reason: 'blocked' }))).toBe(false);
  });
});

describe('startPreloads', () => {
  it('starts the app at once on other routes', async () => {
    const { startPreloads } = await preload();
    const startApp = vi.fn();
    startPreloads('#/pages/home/index', startApp);
    expect(startApp).toHaveBeenCalledTimes(1);
    expect(engine.loadHls).not.toHaveBeenCalled();
    expect(getDetail).not.toHaveBeenCalled();
  });

  it('on a title page, loads the app only once the early player has its first fragment buffered', async () => {
    const { startPreloads } = await preload();
    let buffered: () => void = () => undefined;
    engine.startEarlyPlayer.mockReset().mockImplementation((_hls, _src, _pic, _name, options) => {
      buffered = options.onBuffered;
      return new Promise(() => undefined);
    });
    const startApp = vi.fn();
    startPreloads('#/pages/detail/mov-detail?id=7', startApp);
    expect(engine.loadHls).toHaveBeenCalledTimes(1);
    expect(getDetail).toHaveBeenCalledWith(7);
    await vi.waitFor(() => expect(engine.startEarlyPlayer).toHaveBeenCalled());
    expect(engine.startEarlyPlayer.mock.calls[0]?.[1]).toBe('/media/a/index.m3u8');
    expect(startApp).not.toHaveBeenCalled();
    buffered();
    buffered();
    expect(startApp).toHaveBeenCalledTimes(1);
  });

  it('on a title page, asks the free-view check at once and lets the early player play only on its answer', async () => {
    const { startPreloads, takeFreeViewCheck } = await preload();
    let answer: (value: CheckBuyPopedomResponse) => void = () => undefined;
    check.mockReset().mockReturnValue(
      new Promise<CheckBuyPopedomResponse>((resolve) => {
        answer = resolve;
      }),
    );
    engine.startEarlyPlayer.mockReset().mockReturnValue(new Promise(() => undefined));
    startPreloads('#/pages/detail/mov-detail?id=7', vi.fn());
    expect(check).toHaveBeenCalledWith(7, 4);
    await vi.waitFor(() => expect(engine.startEarlyPlayer).toHaveBeenCalled());
    const mayPlay = engine.startEarlyPlayer.mock.calls[0]?.[4].mayPlay as Promise<boolean>;
    const settled = vi.fn();
    void mayPlay.then(settled);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    answer(popedom({ allowed: true, reason: 'free', logged_in: true, guest: false }));
    // A signed-in viewer's free view is claimed by the page before anything plays.
    await expect(mayPlay).resolves.toBe(false);
    expect(takeFreeViewCheck(8)).toBeUndefined();
  });

  it('hands its free-view check to the title page once', async () => {
    const { startPreloads, takeFreeViewCheck } = await preload();
    engine.startEarlyPlayer.mockReset().mockReturnValue(new Promise(() => undefined));
    startPreloads('#/pages/detail/mov-detail?id=7', vi.fn());
    await expect(takeFreeViewCheck(7)).resolves.toMatchObject({ reason: 'tourist' });
    expect(takeFreeViewCheck(7)).toBeUndefined();
  });

  it('on a title page, loads the app anyway when the start settles or takes too long', async () => {
    const settled = await preload();
    engine.startEarlyPlayer.mockReset().mockResolvedValue(undefined);
    const afterSettle = vi.fn();
    settled.startPreloads('#/pages/detail/mov-detail?id=7', afterSettle);
    await vi.waitFor(() => expect(afterSettle).toHaveBeenCalledTimes(1));

    vi.useFakeTimers();
    const slow = await preload();
    getDetail.mockReset().mockReturnValue(new Promise(() => undefined));
    const afterWait = vi.fn();
    slow.startPreloads('#/pages/detail/mov-detail?id=7', afterWait);
    expect(afterWait).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(afterWait).toHaveBeenCalledTimes(1);
  });
});

describe('the pre-roll decision (spec §4 "Pre-roll ad")', () => {
  const ad = { ad_id: 1, ad_type: 1, ad_pic_url: '/ad.jpg', ad_video_url: '', ad_token: 't' };

  it('asks the player slot next to the detail and holds the early player while a pre-roll comes', async () => {
    const { startPreloads, takeAdsPreload } = await preload();
    let answer: (list: unknown[]) => void = () => undefined;
    fetchAds.mockReset().mockReturnValue(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    engine.startEarlyPlayer.mockReset().mockReturnValue(new Promise(() => undefined));
    startPreloads('#/pages/detail/mov-detail?id=7', vi.fn());
    expect(fetchAds).toHaveBeenCalledWith(12);
    await vi.waitFor(() => expect(engine.startEarlyPlayer).toHaveBeenCalled());
    const preroll = engine.startEarlyPlayer.mock.calls[0]?.[4].preroll as Promise<boolean>;
    answer([ad]);
    await expect(preroll).resolves.toBe(true);
    const waiver = await import('../features/ads/prerollWaiver');
    expect(waiver.prerollWaived(7)).toBe(false);
    await expect(takeAdsPreload()).resolves.toEqual([ad]);
    expect(takeAdsPreload()).toBeUndefined();
  });

  it('lets it play without one when the slot is empty, fails or answers too late, and waives a late one', async () => {
    const answers = [
      () => Promise.resolve([]),
      () => Promise.reject(new Error('offline')),
      () => new Promise(() => {}),
    ];
    for (const answer of answers) {
      const { startPreloads } = await preload();
      vi.useFakeTimers();
      const list = answer();
      list.catch(() => undefined);
      fetchAds.mockReset().mockReturnValue(list);
      engine.startEarlyPlayer.mockReset().mockReturnValue(new Promise(() => undefined));
      startPreloads('#/pages/detail/mov-detail?id=7', vi.fn());
      await vi.advanceTimersByTimeAsync(1500);
      await vi.waitFor(() => expect(engine.startEarlyPlayer).toHaveBeenCalled());
      await expect(engine.startEarlyPlayer.mock.calls[0]?.[4].preroll).resolves.toBe(false);
      const waiver = await import('../features/ads/prerollWaiver');
      expect(waiver.prerollWaived(7)).toBe(true);
      vi.useRealTimers();
    }
  });
});

describe('parseHashRoute', () => {
  it('splits a HashRouter location into path and query', () => {
    const { pathname, params } = parseHashRoute('#/pages/detail/mov-detail?id=12&sid=2&nid=3');
    expect(pathname).toBe('/pages/detail/mov-detail');
    expect(params.get('id')).toBe('12');
    expect(params.get('sid')).toBe('2');
    expect(params.get('nid')).toBe('3');
  });

  it('normalises case and trailing slashes like the router matches them', () => {
    expect(parseHashRoute('#/Pages/Detail/Mov-Detail/?id=1').pathname).toBe('/pages/detail/mov-detail');
  });

  it('handles an empty hash and one without a query', () => {
    expect(parseHashRoute('').pathname).toBe('');
    expect(parseHashRoute('#/').pathname).toBe('');
    expect(parseHashRoute('#/pages/home/index').params.toString()).toBe('');
  });
});

describe('a locked detail (issue 7 item 2: no view taken yet)', () => {
  const locked = {
    info: {
      ...detail.info,
      play_locked: 1,
      sources: [
        {
          sid: 1,
          from: 'ovhls',
          episodes: [
            { nid: 1, name: '1', url: '' },
            { nid: 2, name: '2', url: '' },
          ],
        },
      ],
    },
  };
  const unlocked = {
    info: {
      ...locked.info,
      play_locked: 0,
      sources: [
        {
          sid: 1,
          from: 'ovhls',
          episodes: [
            { nid: 1, name: '1', url: '/media/a/1.m3u8' },
            { nid: 2, name: '2', url: '/media/a/2.m3u8' },
          ],
        },
      ],
    },
  };

  it('takes the view of the episode asked for, fetches the detail again and lets the early player play it', async () => {
    const { startPreloads, takeDetailPreload } = await preload();
    getDetail.mockReset().mockResolvedValueOnce(locked).mockResolvedValueOnce(unlocked);
    check.mockReset().mockResolvedValue(popedom({ reason: 'free', logged_in: true, guest: false }));
    engine.startEarlyPlayer.mockReset().mockReturnValue(new Promise(() => undefined));
    startPreloads('#/pages/detail/mov-detail?id=7&nid=2', vi.fn());
    await vi.waitFor(() => expect(engine.startEarlyPlayer).toHaveBeenCalled());
    expect(claimView).toHaveBeenCalledWith(7, 1, 2);
    expect(getDetail).toHaveBeenCalledTimes(2);
    expect(engine.startEarlyPlayer.mock.calls[0]?.[1]).toBe('/media/a/2.m3u8');
    await expect(engine.startEarlyPlayer.mock.calls[0]?.[4].mayPlay).resolves.toBe(true);
    await expect(takeDetailPreload()?.info).resolves.toMatchObject({ play_locked: 0 });
  });

  it('takes nothing and plays nothing when the answer refuses, has no session or needs no view', async () => {
    for (const answer of [
      popedom({ allowed: false, reason: 'blocked', logged_in: true, guest: false }),
      popedom({ allowed: false, reason: 'login', logged_in: false }),
      popedom({ allowed: true, reason: 'tourist', logged_in: false }),
    ]) {
      const { startPreloads, takeDetailPreload } = await preload();
      getDetail.mockReset().mockResolvedValue(locked);
      check.mockReset().mockResolvedValue(answer);
      engine.startEarlyPlayer.mockReset().mockReturnValue(new Promise(() => undefined));
      startPreloads('#/pages/detail/mov-detail?id=7', vi.fn());
      await vi.waitFor(() => expect(engine.startEarlyPlayer).toHaveBeenCalled());
      expect(claimView).not.toHaveBeenCalled();
      expect(getDetail).toHaveBeenCalledTimes(1);
      // No address: the early player does not start loading anything.
      expect(engine.startEarlyPlayer.mock.calls[0]?.[1]).toBe('');
      await expect(takeDetailPreload()?.info).resolves.toMatchObject({ play_locked: 1 });
    }
  });

  it('a refused claim (used up meanwhile) leaves the locked detail to the title page', async () => {
    const { unlockDetail } = await preload();
    claimView.mockReset().mockRejectedValue(new Error('403'));
    const onClaimed = vi.fn();
    const answer = Promise.resolve(popedom({ reason: 'free', logged_in: true, guest: false }));
    const out = await unlockDetail(locked.info as never, answer, { sid: 1, nid: 1 }, onClaimed);
    expect(out).toMatchObject({ play_locked: 1 });
    expect(onClaimed).not.toHaveBeenCalled();
  });
});
