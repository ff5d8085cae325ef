/**
 * The downloader as the screens see it (issue 17): the app's {@link DownloadManager} reaches the screens through
 * {@link DownloadManagerContext} (app/ provides the engine's singleton once its chunk has loaded; screen tests a fake
 * one), and its tasks are read with useSyncExternalStore.
 */
import { useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { DownloadManagerContext } from './context';
import type { DownloadManager, DownloadSettings, DownloadTask, StorageSpace } from './engine/types';

export { DownloadManagerContext } from './context';

export function useDownloadManager(): DownloadManager | null {
  return useContext(DownloadManagerContext);
}

const NO_TASKS: readonly DownloadTask[] = [];
const noSubscribe = () => () => undefined;

/** Every task (newest first), re-rendering on each change; [] while the manager loads. */
export function useDownloadTasks(manager: DownloadManager | null): readonly DownloadTask[] {
  const subscribe = useMemo(() => (manager ? (l: () => void) => manager.subscribe(l) : noSubscribe), [manager]);
  const snapshot = useMemo(() => (manager ? () => manager.tasks() : () => NO_TASKS), [manager]);
  return useSyncExternalStore(subscribe, snapshot);
}

/** Tasks that still have work to do (queued, calculating, downloading): the Me page's badge. */
export function activeTaskCount(tasks: readonly DownloadTask[]): number {
  return tasks.filter((t) => t.state === 'queued' || t.state === 'calculating' || t.state === 'downloading').length;
}

/** Whether the manager's stored tasks are loaded (`ready()` resolved). */
export function useDownloadsReady(manager: DownloadManager | null): boolean {
  const [ready, setReady] = useState<DownloadManager | null>(null);
  useEffect(() => {
    if (!manager) return;
    let live = true;
    manager.ready().then(
      () => live && setReady(manager),
      () => live && setReady(manager),
    );
    return () => {
      live = false;
    };
  }, [manager]);
  return manager !== null && ready === manager;
}

/** The download settings, with a setter that re-renders. */
export function useDownloadSettings(manager: DownloadManager | null) {
  const [, setVersion] = useState(0);
  const settings: DownloadSettings = manager ? manager.settings() : { maxConcurrent: 5, quality: 'high' };
  const update = async (patch: Partial<DownloadSettings>) => {
    if (!manager) return;
    await manager.setSettings(patch);
    setVersion((v) => v + 1);
  };
  return [settings, update] as const;
}

/** The storage space (asked again whenever `refreshKey` changes); undefined until known or when unknown. */
export function useStorageSpace(manager: DownloadManager | null, refreshKey: unknown): StorageSpace | undefined {
  const [space, setSpace] = useState<StorageSpace | undefined>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey asks again after tasks change
  useEffect(() => {
    if (!manager) return;
    let live = true;
    manager.space().then(
      (s) => live && setSpace(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [manager, refreshKey]);
  return space;
}

/** Bytes as "12.3 MB" (1024-based; B, KB, MB, GB). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
