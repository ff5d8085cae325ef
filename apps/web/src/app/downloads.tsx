/**
 * The offline downloader composed into the app (issue 17): the engine (features/downloads/engine: IndexedDB,
 * hls-parser, the queue) is its own chunk, loaded once the launch has settled and the main thread is idle, so the
 * home route's first scripts stay without it while tasks a closed tab left running resume soon after the app opens.
 * Its life events go to the server's downloads report (reportDownload; fire-and-forget, never holding a download).
 * Every route sees the manager through {@link DownloadManagerContext} (null until the chunk is in).
 */
import type { HlsConfig } from 'hls.js';
import { type ReactNode, useEffect, useState } from 'react';
import { downloadsApi } from '../features/downloads/downloadsApi';
import type { DownloadEvent, DownloadTask } from '../features/downloads/engine/types';
import { DownloadManagerContext } from '../features/downloads/useDownloads';
import type { HlsClass } from '../features/player/hlsEngine';
import { findWatchRecord, getWatchRecordSync } from '../features/player/watchRecord';
import { whenLaunchSettled } from '../lib/launchState';
import { currentUserId } from '../lib/session';

type Engine = typeof import('../features/downloads/engine');

let loading: Promise<Engine> | undefined;
let loaded: Engine | undefined;
const onLoaded = new Set<(engine: Engine) => void>();

/** Report a task's start, completion or failure (signed-in users: the report counts episodes with an entry). */
function reportEvent(task: DownloadTask, event: DownloadEvent): void {
  if (currentUserId() <= 0) return;
  downloadsApi.report({ vod_id: task.vod_id, sid: task.sid, nid: task.nid, event }).catch(() => undefined);
}

/** The engine's chunk; the first call loads it (a failure is retried by the next call). */
export function loadDownloadsEngine(): Promise<Engine> {
  if (!loading) {
    const promise = import('../features/downloads/engine').then((m) => {
      m.downloads.onEvent = reportEvent;
      loaded = m;
      for (const listener of onLoaded) listener(m);
      return m;
    });
    loading = promise;
    promise.catch(() => {
      if (loading === promise) loading = undefined;
    });
  }
  return loading;
}

/** Titles whose watch record changed while offline: `"<user_id>:<vod_id>"` (localStorage). */
const OFFLINE_PROGRESS_KEY = 'openvod-offline-progress';

function pendingProgress(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(OFFLINE_PROGRESS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The offline player saved progress of `vodId` (in the player's watch record, on the device): when it happens with
 * no network, the record is sent to the server once the network returns ({@link flushOfflineProgress}).
 */
export function rememberOfflineProgress(userId: number, vodId: number): void {
  if (userId <= 0 || navigator.onLine) return;
  const key = `${userId}:${vodId}`;
  const list = pendingProgress();
  if (!list.includes(key)) localStorage.setItem(OFFLINE_PROGRESS_KEY, JSON.stringify([...list, key]));
}

/** Send the watch records saved offline (the signed-in user's; the others wait for their user). */
export function flushOfflineProgress(): void {
  const sync = getWatchRecordSync();
  const userId = currentUserId();
  if (!navigator.onLine || !sync || userId <= 0) return;
  const left: string[] = [];
  for (const key of pendingProgress()) {
    const [user, vod] = key.split(':').map(Number);
    const record = user === userId && vod ? findWatchRecord(userId, vod) : undefined;
    if (user !== userId) left.push(key);
    else if (record) sync.push(userId, record);
  }
  localStorage.setItem(OFFLINE_PROGRESS_KEY, JSON.stringify(left));
}

/**
 * Load the engine once the launch has settled and the page is idle (resumes what a closed tab left running); send
 * the watch progress saved offline whenever the network returns.
 */
export function installDownloads(): void {
  window.addEventListener('online', flushOfflineProgress);
  const idle = (cb: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(cb, { timeout: 3000 }) : setTimeout(cb, 1000);
  void whenLaunchSettled().then(() =>
    idle(() => {
      loadDownloadsEngine()
        .then((m) => m.downloads.ready())
        .catch(() => undefined);
      flushOfflineProgress();
    }),
  );
}

/** The hls.js settings that play `offline://` addresses from the device (the player's `hlsConfig`). */
export function offlinePlayerConfig(Hls: HlsClass): Partial<HlsConfig> {
  if (!loaded) throw new Error('downloads engine not loaded');
  return loaded.offlineHlsConfig(Hls);
}

/**
 * Provides the downloader to the routes once its chunk has loaded (by {@link installDownloads} or by a page that
 * needs it, {@link useDownloadsEngine}); it starts no load itself.
 */
export function DownloadsProvider({ children }: { children: ReactNode }) {
  const [engine, setEngine] = useState<Engine | undefined>(loaded);
  useEffect(() => {
    if (loaded) setEngine(loaded);
    onLoaded.add(setEngine);
    return () => {
      onLoaded.delete(setEngine);
    };
  }, []);
  return (
    <DownloadManagerContext.Provider value={engine?.downloads ?? null}>{children}</DownloadManagerContext.Provider>
  );
}

/** For the pages that show downloads (title page, download pages, Me): load the engine now. */
export function useDownloadsEngine(): void {
  useEffect(() => {
    loadDownloadsEngine().catch(() => undefined);
  }, []);
}
