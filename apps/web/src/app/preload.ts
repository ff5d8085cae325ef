/**
 * Work the boot script starts before the app's code has arrived. Opening the title page directly used to be a
 * waterfall (app code → i18n messages → render → page chunk → render → detail request → render → hls.js →
 * playlist → segments); here the detail request, hls.js, the app, the page chunk and the messages all start at once,
 * and the early player (`hlsEngine`) plays the episode as soon as its URL and hls.js are in. The app renders once
 * that first frame is on screen: on a slow phone its rendering would otherwise compete with the video's start.
 *
 * Keep this module's imports small: it runs before React, i18next and the router are downloaded.
 */
import type { VodDetail } from '@openvod/contract';
import { picUrl } from '../features/catalogue/picUrl';
import { mediaUrl, resolveSelection } from '../features/player/episodes';
import { loadHls, startEarlyPlayer } from '../features/player/hlsEngine';
import { api } from '../lib/api';
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

let detailPreload: { id: number; info: Promise<VodDetail>; startedAt: number } | undefined;

/** Longest wait (from boot) for the early player's first frame before the app renders anyway. */
const EARLY_START_WAIT_MS = 1200;

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
  let info: Promise<VodDetail> | undefined;
  if (id !== undefined) {
    info = api.getDetail(id).then((r) => r.info);
    info.catch(ignore);
    detailPreload = { id, info, startedAt: performance.now() };
  }
  if (info) {
    setTimeout(settleEarlyStart, EARLY_START_WAIT_MS);
    Promise.all([info, loadHls()])
      .then(([vod, Hls]) => {
        const sel = resolveSelection(vod.sources, positiveInt(params.get('sid')), positiveInt(params.get('nid')));
        const src = sel ? mediaUrl(sel.episode.url) : '';
        return startEarlyPlayer(Hls, src, picUrl(vod.vod_pic), vod.vod_name);
      })
      .then(settleEarlyStart, settleEarlyStart);
  } else {
    settleEarlyStart();
    if (isTitle) loadHls().catch(ignore);
  }
  startApp();
  if (isTitle) loadDetailPage().catch(ignore);
  loadMessages(currentLocale()).catch(ignore);
}

/**
 * The detail request started by {@link startPreloads}, once (later calls get undefined). Its failure falls back to a
 * fresh request, so errors carry translated messages (the early one ran before i18n was loaded).
 */
export function takeDetailPreload(): { id: number; info: Promise<VodDetail> } | undefined {
  const preload = detailPreload;
  detailPreload = undefined;
  if (!preload || performance.now() - preload.startedAt > DETAIL_PRELOAD_TTL_MS) return undefined;
  const { id } = preload;
  return { id, info: preload.info.catch(() => api.getDetail(id).then((r) => r.info)) };
}
