/**
 * The offline downloader's public surface (issue: offline caching; spec §1, §3, §4, §7, §9): the app's one
 * {@link DownloadManager}, `downloads`, over IndexedDB (store.ts) and the page's `fetch`, and the hls.js settings
 * that play its completed tasks with no network. No React here: the screens subscribe to `downloads`.
 */
import type { HlsConfig } from 'hls.js';
import { EngineDownloadManager } from './manager';
import { type HlsLike, offlineLoaderConfig } from './offlineLoader';
import { IdbDownloadStore } from './store';
import type { DownloadManager } from './types';

export { DownloadError } from './errors';
export type { FetchLike } from './fetcher';
export { DEFAULT_SETTINGS, EngineDownloadManager, type ManagerOptions, taskId } from './manager';
export { createOfflineLoader, offlineLoaderConfig, parseOfflineUrl } from './offlineLoader';
export { type DownloadPlan, planDownload, QUALITY_HEIGHT } from './playlist';
export { type DownloadStore, IdbDownloadStore, type TaskRecord } from './store';
export * from './types';

/** The app's download store (IndexedDB `openvod-downloads`). */
export const downloadsStore = new IdbDownloadStore();

/** The app's downloader: tasks left running by a closed tab resume once it has loaded them. */
export const downloads: DownloadManager = new EngineDownloadManager({
  store: downloadsStore,
  fetch: (input, init) => globalThis.fetch(input, init),
});

/**
 * The hls.js settings to merge into the player's config so `downloads.offlineUrl(id)` plays from the device:
 * `new Hls({ ...HLS_CONFIG, ...offlineHlsConfig(Hls) })`. `Hls` is the loaded hls.js class (light or full build).
 */
export function offlineHlsConfig(Hls: HlsLike): Partial<HlsConfig> {
  return offlineLoaderConfig(Hls, downloadsStore);
}
