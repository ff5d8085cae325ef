/**
 * The offline downloader composed into the app (issue 17): the engine (features/downloads/engine: IndexedDB,
 * hls-parser, the queue) is its own chunk (~24 KB gzipped). A page that shows downloads loads it
 * ({@link useDownloadsEngine}); at launch it is loaded only when a closed tab left tasks unfinished (the
 * {@link UNFINISHED_KEY} mark this module keeps while the engine has queued or running tasks), once the launch has
 * settled and the main thread is idle, so those tasks resume soon after the app opens and a viewer who downloads
 * nothing never fetches it.
 * Its life events go to the server's downloads report (reportDownload; fire-and-forget, never holding a download).
 * Every route sees the manager through {@link DownloadManagerContext} (null until the chunk is in).
 */
import type { HlsConfig } from 'hls.js';
import { type ReactNode, useEffect, useState } from 'react';
import { activeTaskCount } from '../features/downloads';
import { DownloadManagerContext } from '../features/downloads/context';
import type { DownloadEvent, DownloadTask } from '../features/downloads/engine/types';
import type { HlsClass } from '../features/player/hlsEngine';
import { whenLaunchSettled } from '../lib/launchState';
import { currentUserId } from '../lib/session';
import { readJson, removeKey, writeJson } from '../lib/storage';

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

/**
 * localStorage key present (`1`) while the engine has a task to resume: queued, calculating or downloading. Kept by
 * {@link loadDownloadsEngine}'s subscription after every change of the tasks; read by {@link installDownloads}.
 */
export const UNFINISHED_KEY = 'openvod-downloads-unfinished';

/** Keep {@link UNFINISHED_KEY} in step with `tasks` (written only when it changes). */
function markUnfinished(tasks: readonly DownloadTask[]): void {
  const unfinished = activeTaskCount(tasks) > 0;
  if (unfinished === (readJson<number>(UNFINISHED_KEY) === 1)) return;
  if (unfinished) writeJson(UNFINISHED_KEY, 1);
  else removeKey(UNFINISHED_KEY);
}

/** The engine's chunk; the first call loads it (a failure is retried by the next call). */
export function loadDownloadsEngine(): Promise<Engine> {
  if (!loading) {
    const promise = Promise.all([
      import('../features/downloads/engine'),
      import('../features/downloads/downloadsApi'),
    ]).then(([m, api]) => {
      m.downloads.onEvent = reporter(api.downloadsApi);
      // Called first once the stored tasks are read, then after every change.
      m.downloads.subscribe(() => markUnfinished(m.downloads.tasks()));
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
 * Once the launch has settled and the page is idle: load the engine if tasks were left unfinished
 * ({@link UNFINISHED_KEY}; they resume), and send the watch progress saved offline - again whenever the network
 * returns.
 */
export function installDownloads(): void {
  const flush = () => void import('./offlineProgress').then((m) => m.flushOfflineProgress());
  window.addEventListener('online', flush);
  const idle = (cb: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(cb, { timeout: 3000 }) : setTimeout(cb, 1000);
  void whenLaunchSettled().then(() =>
    idle(() => {
      if (readJson<number>(UNFINISHED_KEY) === 1) {
        loadDownloadsEngine()
          .then((m) => m.downloads.ready())
          .catch(() => undefined);
      }
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
