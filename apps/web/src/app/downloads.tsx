/**
 * The offline downloader composed into the app (issue 17): the engine (features/downloads/engine: IndexedDB,
 * hls-parser, the queue) is its own chunk, loaded once the launch has settled and the main thread is idle, so the
 * home route's first scripts stay without it while tasks a closed tab left running resume soon after the app opens.
 * Its life events go to the server's downloads report (reportDownload; fire-and-forget, never holding a download).
 * Every route sees the manager through {@link DownloadManagerContext} (null until the chunk is in).
 */
import type { HlsConfig } from 'hls.js';
import { type ReactNode, useEffect, useState } from 'react';
import { DownloadManagerContext } from '../features/downloads/context';
import type { DownloadEvent, DownloadTask } from '../features/downloads/engine/types';
import type { HlsClass } from '../features/player/hlsEngine';
import { whenLaunchSettled } from '../lib/launchState';
import { currentUserId } from '../lib/session';

type Engine = typeof import('../features/downloads/engine');
type Api = typeof import('../features/downloads/downloadsApi')['downloadsApi'];

let loading: Promise<Engine> | undefined;
let loaded: Engine | undefined;
const onLoaded = new Set<(engine: Engine) => void>();

/** Report a task's start, completion or failure (signed-in users: the report counts episodes with an entry). */
function reporter(api: Api) {
  return (task: DownloadTask, event: DownloadEvent): void => {
    if (currentUserId() <= 0) return;
    api.report({ vod_id: task.vod_id, sid: task.sid, nid: task.nid, event }).catch(() => undefined);
  };
}

/** The engine's chunk; the first call loads it (a failure is retried by the next call). */
export function loadDownloadsEngine(): Promise<Engine> {
  if (!loading) {
    const promise = Promise.all([
      import('../features/downloads/engine'),
      import('../features/downloads/downloadsApi'),
    ]).then(([m, api]) => {
      m.downloads.onEvent = reporter(api.downloadsApi);
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

/**
 * Load the engine once the launch has settled and the page is idle (resumes what a closed tab left running); send
 * the watch progress saved offline whenever the network returns.
 */
export function installDownloads(): void {
  const flush = () => void import('./offlineProgress').then((m) => m.flushOfflineProgress());
  window.addEventListener('online', flush);
  const idle = (cb: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(cb, { timeout: 3000 }) : setTimeout(cb, 1000);
  void whenLaunchSettled().then(() =>
    idle(() => {
      loadDownloadsEngine()
        .then((m) => m.downloads.ready())
        .catch(() => undefined);
      flush();
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
