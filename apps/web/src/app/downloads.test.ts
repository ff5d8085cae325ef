/**
 * The downloads engine at launch (app/downloads.tsx): its chunk is fetched at launch only when a closed tab left
 * tasks unfinished (the UNFINISHED_KEY mark); the mark follows the engine's tasks.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadTask } from '../features/downloads/engine/types';

const engineLoaded = vi.fn();
const ready = vi.fn(() => Promise.resolve());
let listener: (() => void) | undefined;
let tasks: readonly Pick<DownloadTask, 'state'>[] = [];

vi.mock('../features/downloads/engine', () => {
  engineLoaded();
  return {
    downloads: {
      ready,
      tasks: () => tasks,
      subscribe: (fn: () => void) => {
        listener = fn;
        return () => undefined;
      },
    },
  };
});
vi.mock('../features/downloads/downloadsApi', () => ({ downloadsApi: { report: () => Promise.resolve() } }));
const flushed = vi.fn();
vi.mock('./offlineProgress', () => ({ flushOfflineProgress: flushed }));

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
  engineLoaded.mockClear();
  ready.mockClear();
  flushed.mockClear();
  listener = undefined;
  tasks = [];
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => setTimeout(cb, 0));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const task = (state: DownloadTask['state']) => ({ state }) as DownloadTask;

describe('the downloads engine at launch', () => {
  it('is not fetched when no task was left unfinished', async () => {
    const { installDownloads } = await import('./downloads');
    installDownloads();
    // The idle callback ran (it flushes the offline progress after deciding about the engine), and every import it
    // started has settled: the engine was not among them.
    await vi.waitFor(() => expect(flushed).toHaveBeenCalled());
    await vi.dynamicImportSettled();
    expect(engineLoaded).not.toHaveBeenCalled();
  });

  it('is fetched and its tasks resumed when the mark says a task was left unfinished', async () => {
    const { installDownloads, UNFINISHED_KEY } = await import('./downloads');
    localStorage.setItem(UNFINISHED_KEY, '1');
    installDownloads();
    await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(1));
    expect(engineLoaded).toHaveBeenCalledTimes(1);
  });

  it('keeps the mark while a task is queued, calculating or downloading, and drops it after', async () => {
    const { loadDownloadsEngine, UNFINISHED_KEY } = await import('./downloads');
    await loadDownloadsEngine();
    const notify = () => listener?.();
    for (const state of ['queued', 'calculating', 'downloading'] as const) {
      tasks = [task('completed'), task(state)];
      notify();
      expect(localStorage.getItem(UNFINISHED_KEY)).toBe('1');
    }
    for (const state of ['paused', 'completed', 'error', 'cancelled'] as const) {
      tasks = [task(state)];
      notify();
      expect(localStorage.getItem(UNFINISHED_KEY)).toBeNull();
    }
  });
});
