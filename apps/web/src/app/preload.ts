/**
 * Work the boot script starts before the app's code has arrived. Opening the title page directly used to be a
 * waterfall (app code → i18n messages → render → page chunk → render → detail request → render → hls.js →
 * playlist → segments); here the detail request, hls.js, the app, the page chunk and the messages all start at once,
 * and the early player (`hlsEngine`) plays the episode as soon as its URL and hls.js are in. The app renders once
 * that first frame is on screen: on a slow phone its rendering would otherwise compete with the video's start.
 *
 * Keep this module's imports small: it runs before React, i18next and the router are downloaded.
 */
import { AD_SLOT, type CheckBuyPopedomResponse, type VodDetailForUser } from '@openvod/contract';
import { ADS_WAIT_MS, drawable, fetchAds, type ServedAd } from '../features/ads/adsApi';
import { waivePreroll } from '../features/ads/prerollWaiver';
import { picUrl } from '../features/catalogue/picUrl';
import { mediaUrl, resolveSelection } from '../features/player/episodes';
import { loadHls, startEarlyPlayer } from '../features/player/hlsEngine';
import { quotasApi } from '../features/quotas/quotasApi';
import { call } from '../lib/client';
import { loadMessages } from '../lib/messages';
import { paths, positiveInt } from '../lib/routes';
import { currentLocale } from '../lib/settings';

const ignore = () => undefined;

/** Path and query of a HashRouter location (`#/pages/x?y=1`). */
export function parseHashRoute(hash: string): { pathname: string; params: URLSearchParams } {
  const raw = hash.replace(/^#/, '').split('#')[0] ?? '';
  const q = raw.indexOf('?');
  const pathname = (q < 0 ? raw : raw.slice(0, q)).replace(/\/+$/, '').toLowerCase();
  return { pathname, params: new URLSearchParams(q < 0 ? '' : raw.slice(q + 1)) };
}

/** The title page's chunk (shared with the router's lazy route, so it is fetched once). */
export const loadDetailPage = () => import('./pages/DetailPage');

/** A preloaded detail is only used by a page that asks for it this soon (older ones are refetched). */
const DETAIL_PRELOAD_TTL_MS = 30_000;

let detailPreload: { id: number; info: Promise<VodDetailForUser>; startedAt: number } | undefined;

let freeViewPreload: { id: number; check: Promise<CheckBuyPopedomResponse>; startedAt: number } | undefined;

let adsPreload: { id: number; list: Promise<ServedAd[]>; startedAt: number } | undefined;

/**
 * Whether the player slot's ads (adList slot 12, asked by the boot script) bring a pre-roll: an ad the player can
 * draw, answered within {@link ADS_WAIT_MS} of `since` (performance.now() ms). A failure or a later answer means
 * none, as in features/ads/usePlayerAds; then `onWithout` runs (the title page must not add one later).
 */
export function prerollComing(list: Promise<ServedAd[]>, since: number, onWithout: () => void): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), Math.max(0, ADS_WAIT_MS - (performance.now() - since)));
    list.then(
      (ads) => resolve(ads.some(drawable)),
      () => resolve(false),
    );
    list.finally(() => clearTimeout(timer)).catch(ignore);
  }).then((coming) => {
    if (!coming) onWithout();
    return coming;
  });
}

/** checkBuyPopedom reasons under which a signed-in viewer's play takes a view, claimed by the page first. */
const TAKES_A_VIEW: ReadonlySet<string> = new Set(['free', 'extra']);

/**
 * Whether the early player may play on this free-view answer (spec §4, issue 7; features/quotas/useFreeView): allowed,
 * and no view to claim (that write is the title page's, before its player starts).
 */
export function earlyPlayAllowed(check: CheckBuyPopedomResponse): boolean {
  return check.allowed && !(check.logged_in && TAKES_A_VIEW.has(check.reason));
}

/**
 * The detail with its play addresses (issue 7 item 2): a locked detail (`play_locked`, no view taken yet) is unlocked
 * here when the free-view answer says this signed-in viewer takes a view to play: the view is taken (the watch
 * entry the title page would write first, see features/quotas/useFreeView) and the detail asked again. Otherwise
 * (refused, no session, a failure) the detail is returned as it came and the title page's flow decides. `onClaimed`
 * runs once the view is taken.
 */
export async function unlockDetail(
  vod: VodDetailForUser,
  check: Promise<CheckBuyPopedomResponse>,
  sel: { sid: number; nid: number },
  onClaimed: () => void,
): Promise<VodDetailForUser> {
  if (vod.play_locked !== 1) return vod;
  const answer = await check.catch(() => undefined);
  if (!answer?.allowed || !answer.logged_in || !TAKES_A_VIEW.has(answer.reason)) return vod;
  try {
    await quotasApi.claimView(vod.vod_id, sel.sid, sel.nid);
    onClaimed();
    return (await call('getDetail', { params: { id: vod.vod_id } })).info;
  } catch {
    return vod;
  }
}

/** Longest wait (from boot) for the early player's first frame before the app renders anyway. */
const EARLY_START_WAIT_MS = 1200;

/**
 * Longest wait (from boot) before the app's own downloads start on a title page opened directly. Until then the
 * browser's few connections per origin (HTTP/1.1: 6) carry only what the first frame needs: the detail, hls.js, the
 * playlist and the first fragment. Started together with the app's ~30 chunks, hls.js (the largest) used to queue
 * behind them and arrive last.
 */
const APP_DEFER_MAX_MS = 800;

let settleEarlyStart: () => void = () => undefined;
const earlyStart = new Promise<void>((resolve) => {
  settleEarlyStart = resolve;
});

/**
 * Resolves once the early player shows its first frame, cannot start or fails, or after EARLY_START_WAIT_MS; at once
 * when the app was not opened on a title page. The app renders after it.
 */
export function whenEarlyStartSettled(): Promise<void> {
  return earlyStart;
}

/**
 * Start what the route in `hash` needs, then the app itself (`startApp`), in the order they are needed: the browser
 * has only a few connections per origin. Never throws; every failure is left to the normal code paths.
 */
export function startPreloads(hash: string, startApp: () => void): void {
  const { pathname, params } = parseHashRoute(hash);
  const isTitle = pathname === paths.detail;
  const id = isTitle ? positiveInt(params.get('id')) : undefined;
  // hls.js first: it is the largest download on the way to the first frame.
  const hls = isTitle ? loadHls() : undefined;
  // The skeleton's shine stops (index.html): repainting it every frame would slow the player's start.
  if (isTitle) document.documentElement.setAttribute('data-boot-player', '');
  hls?.catch(ignore);
  let info: Promise<VodDetailForUser> | undefined;
  let freeView: Promise<CheckBuyPopedomResponse> | undefined;
  let preroll: Promise<boolean> | undefined;
  let claimed = false;
  if (id !== undefined) {
    // The free-view check (read-only) runs next to the detail request; with addresses, the early player loads the
    // playlist and first fragment meanwhile and only its play() waits for the answer (`mayPlay`). A locked detail
    // waits for the answer and the view (unlockDetail).
    const check = quotasApi.check(id, 4);
    freeView = check;
    freeView.catch(ignore);
    freeViewPreload = { id, check: freeView, startedAt: performance.now() };
    // The player slot's ads, next to them: the early player must not play (nor sound) before the pre-roll decision
    // is known; with a pre-roll it only buffers, and the title page's hold starts it when the ad is over.
    const ads = fetchAds(AD_SLOT.player);
    ads.catch(ignore);
    const adsStartedAt = performance.now();
    adsPreload = { id, list: ads, startedAt: adsStartedAt };
    // Decided without (no ad, or too late): the early player plays; the page must not cover it with a late one.
    preroll = prerollComing(ads, adsStartedAt, () => waivePreroll(id, Date.now(), DETAIL_PRELOAD_TTL_MS));
    const sid = positiveInt(params.get('sid'));
    const nid = positiveInt(params.get('nid'));
    info = call('getDetail', { params: { id } })
      .then((r) => r.info)
      .then((vod) => {
        const sel = resolveSelection(vod.sources, sid, nid);
        const at = { sid: sel?.source.sid ?? 1, nid: sel?.episode.nid ?? 1 };
        return unlockDetail(vod, check, at, () => {
          claimed = true;
        });
      });
    info.catch(ignore);
    detailPreload = { id, info, startedAt: performance.now() };
  }
  let appStarted = false;
  const startAppOnce = () => {
    if (appStarted) return;
    appStarted = true;
    startApp();
    if (isTitle) loadDetailPage().catch(ignore);
    loadMessages(currentLocale()).catch(ignore);
  };
  if (info) {
    setTimeout(settleEarlyStart, EARLY_START_WAIT_MS);
    // The app's code is not needed for the first frame (the app renders after it, see whenEarlyStartSettled): it
    // starts downloading once the first fragment is buffered, the early start settles or after APP_DEFER_MAX_MS.
    setTimeout(startAppOnce, APP_DEFER_MAX_MS);
    Promise.all([info, hls ?? loadHls()])
      .then(([vod, Hls]) => {
        const sel = resolveSelection(vod.sources, positiveInt(params.get('sid')), positiveInt(params.get('nid')));
        const src = sel ? mediaUrl(sel.episode.url) : '';
        const mayPlay = freeView?.then((check) => claimed || earlyPlayAllowed(check));
        return startEarlyPlayer(Hls, src, picUrl(vod.vod_pic), vod.vod_name, {
          onBuffered: startAppOnce,
          mayPlay,
          preroll,
        });
      })
      .then(settleEarlyStart, settleEarlyStart)
      .finally(startAppOnce);
  } else {
    settleEarlyStart();
    startAppOnce();
  }
}

/**
 * The free-view check of title `id` started by {@link startPreloads}, once (later calls, another title or an older
 * one get undefined): the title page's free-view flow may use it as its first check instead of asking again. A
 * failure falls back to a fresh request (translated messages).
 */
export function takeFreeViewCheck(id: number): Promise<CheckBuyPopedomResponse> | undefined {
  const preload = freeViewPreload;
  freeViewPreload = undefined;
  if (!preload || preload.id !== id || performance.now() - preload.startedAt > DETAIL_PRELOAD_TTL_MS) return undefined;
  return preload.check.catch(() => quotasApi.check(id, 4));
}

/**
 * The player slot's ads asked by {@link startPreloads}, once (later calls get undefined): the title page's ad query
 * joins this answer instead of asking again (main.tsx puts it in the query cache).
 */
export function takeAdsPreload(): Promise<ServedAd[]> | undefined {
  const preload = adsPreload;
  adsPreload = undefined;
  if (!preload || performance.now() - preload.startedAt > DETAIL_PRELOAD_TTL_MS) return undefined;
  return preload.list;
}

/**
 * The detail request started by {@link startPreloads}, once (later calls get undefined). Its failure falls back to a
 * fresh request, so errors carry translated messages (the early one ran before i18n was loaded).
 */
export function takeDetailPreload(): { id: number; info: Promise<VodDetailForUser> } | undefined {
  const preload = detailPreload;
  detailPreload = undefined;
  if (!preload || performance.now() - preload.startedAt > DETAIL_PRELOAD_TTL_MS) return undefined;
  const { id } = preload;
  return { id, info: preload.info.catch(() => call('getDetail', { params: { id } }).then((r) => r.info)) };
}
