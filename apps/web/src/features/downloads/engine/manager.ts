/**
 * The downloader: {@link DownloadManager} over a {@link DownloadStore} and a `fetch` (spec §4 "Download task", §7
 * offline download, §9 downloads; research/offline.md §5). No React: the screens use `tasks()`/`subscribe()`.
 *
 * - Queue: at most `settings.maxConcurrent` tasks (1..5, default 5, persisted) run at once, oldest first; when one
 *   stops the next queued one starts. Each running task fetches its missing resources with a pool of
 *   {@link ManagerOptions.poolSize} (3) requests (fetcher.ts rules: 10 s idle timeout, 5 retries, 403/404 fail fast).
 * - A run: `calculating` (read the playlist, plan; see playlist.ts) → the space check (navigator.storage.estimate():
 *   usage + the estimated remaining bytes must stay under 95 % of the quota; `persist()` asked once) →
 *   `downloading` → `completed`; any failure → `error` with its kind (errors.ts); `onEvent` gets started (the first
 *   run of a task), completed and failed.
 * - Every stored resource is written with its task record in one transaction (store.ts); pause aborts the requests
 *   and keeps them; resume fetches only the missing ones, also in a new manager over the same database: `ready()`
 *   queues again the tasks a closed tab left `downloading`/`calculating`.
 * - Progress: fileSize/tsID/percent after every stored resource, speed as an exponentially weighted average over
 *   about a second; listeners are told at once of state changes and at most every {@link NOTIFY_MS} of progress.
 * - With the Web Locks API, a task runs only under the lock `openvod-download:<id>`, so two tabs never run the same
 *   task (the second tab leaves it queued until `resume`/a new manager).
 */
import { decryptAes128, importAes128Key } from './crypto';
import { DownloadError, errorKind } from './errors';
import { type FetchLike, type FetchOptions, fetchResource, fetchText } from './fetcher';
import { planDownload } from './playlist';
import type { DownloadStore, StoredPlan, TaskRecord } from './store';
import {
  DOWNLOAD_STATE_CODE,
  type DownloadEvent,
  type DownloadManager,
  type DownloadRequest,
  type DownloadSettings,
  type DownloadState,
  type DownloadTask,
  type StorageSpace,
} from './types';

/** Progress notifications are at most this often (ms). */
export const NOTIFY_MS = 250;
/** A task starts only if usage + its estimated size stays under this share of the quota (as Shaka's storage). */
export const QUOTA_SHARE = 0.95;
export const DEFAULT_SETTINGS: DownloadSettings = { maxConcurrent: 5, quality: 'high' };
const MAX_CONCURRENT = 5;

/** The parts of `navigator.storage` the manager uses. */
export type StorageLike = Pick<StorageManager, 'estimate' | 'persist'>;
/** The part of `navigator.locks` the manager uses. */
export type LocksLike = Pick<LockManager, 'request'>;

export interface ManagerOptions {
  store: DownloadStore;
  fetch: FetchLike;
  /** navigator.storage; null: no space check (and `space()` counts only the downloads). */
  storage?: StorageLike | null;
  /** navigator.locks; null: no cross-tab lock. */
  locks?: LocksLike | null;
  /** Requests per running task. Default 3. */
  poolSize?: number;
  /** Timeout and retry settings of fetcher.ts (defaults: spec §9). */
  fetchOptions?: Pick<FetchOptions, 'idleTimeoutMs' | 'retries' | 'retryDelayMs'>;
  /** Clock for task times (ms since the epoch). */
  now?: () => number;
}

interface Run {
  controller: AbortController;
  done: Promise<void>;
  /** Bytes received since the last speed sample. */
  bytes: number;
  lastSample: number;
}

const ACTIVE: readonly DownloadState[] = ['queued', 'downloading', 'calculating'];

function clampConcurrent(value: unknown): number {
  const n = Math.round(Number(value));
  return Number.isFinite(n) ? Math.min(MAX_CONCURRENT, Math.max(1, n)) : DEFAULT_SETTINGS.maxConcurrent;
}

function normalizeSettings(value: Partial<DownloadSettings> | undefined): DownloadSettings {
  const quality = value?.quality;
  return {
    maxConcurrent:
      value?.maxConcurrent === undefined ? DEFAULT_SETTINGS.maxConcurrent : clampConcurrent(value.maxConcurrent),
    quality: quality === 'standard' || quality === 'high' || quality === 'highest' ? quality : DEFAULT_SETTINGS.quality,
  };
}

/** The task id of an episode: one task per `${vod_id}-${sid}-${nid}`. */
export function taskId(request: Pick<DownloadRequest, 'vod_id' | 'sid' | 'nid'>): string {
  return `${request.vod_id}-${request.sid}-${request.nid}`;
}

/** The {@link DownloadManager} of the engine (see the module comment). */
export class EngineDownloadManager implements DownloadManager {
  onEvent?: (task: DownloadTask, event: DownloadEvent) => void;

  private readonly store: DownloadStore;
  private readonly fetchFn: FetchLike;
  private readonly storage: StorageLike | null;
  private readonly locks: LocksLike | null;
  private readonly poolSize: number;
  private readonly fetchOptions: ManagerOptions['fetchOptions'];
  private readonly now: () => number;

  private readonly records = new Map<string, TaskRecord>();
  private readonly runs = new Map<string, Run>();
  /** Tasks another tab holds the lock of: left queued here. */
  private readonly heldElsewhere = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private current: DownloadSettings = { ...DEFAULT_SETTINGS };
  private snapshot: readonly DownloadTask[] | null = null;
  private notifyTimer: ReturnType<typeof setTimeout> | undefined;
  private speedTimer: ReturnType<typeof setInterval> | undefined;
  private writes: Promise<unknown> = Promise.resolve();
  private persistAsked = false;
  private loaded = false;
  private readonly initialized: Promise<void>;

  constructor(options: ManagerOptions) {
    this.store = options.store;
    this.fetchFn = options.fetch;
    const nav = (globalThis as { navigator?: Partial<Navigator> }).navigator;
    this.storage = options.storage === undefined ? (nav?.storage ?? null) : options.storage;
    this.locks = options.locks === undefined ? (nav?.locks ?? null) : options.locks;
    this.poolSize = options.poolSize ?? 3;
    this.fetchOptions = options.fetchOptions;
    this.now = options.now ?? Date.now;
    this.initialized = this.init();
  }

  private async init(): Promise<void> {
    try {
      this.current = normalizeSettings(await this.store.getSettings());
      const stored = await this.store.loadTasks();
      stored.sort((a, b) => a.task.time - b.task.time);
      for (const record of stored) {
        // A closed tab left it running: queue it again (its stored resources are kept).
        const left = record.task.state === 'downloading' || record.task.state === 'calculating';
        record.task = { ...record.task, speed: 0 };
        // The record written with the last resource counts it in the plan (its task fields may lag one behind).
        if (record.plan && record.task.state !== 'completed')
          record.task = { ...record.task, ...progressOf(record.plan) };
        if (left) record.task = { ...record.task, state: 'queued', code: DOWNLOAD_STATE_CODE.queued };
        this.records.set(record.id, record);
        if (left) void this.persist(record);
      }
    } catch (error) {
      // No IndexedDB (a private window of some browsers, a test DOM): the manager works in memory and each
      // task's first write fails it with storage_full.
      if (typeof indexedDB !== 'undefined') console.error('downloads: cannot read the stored tasks', error);
    }
    this.loaded = true;
    this.changed(true);
    this.pump();
  }

  ready(): Promise<void> {
    return this.initialized;
  }

  tasks(): readonly DownloadTask[] {
    if (!this.snapshot) {
      this.snapshot = [...this.records.values()].map((r) => r.task).sort((a, b) => b.time - a.time);
    }
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async add(request: DownloadRequest): Promise<DownloadTask> {
    await this.initialized;
    const id = taskId(request);
    const existing = this.records.get(id);
    if (existing) return existing.task;
    const task: DownloadTask = {
      vod_id: request.vod_id,
      vod_name: request.vod_name,
      name: request.name,
      vod_pic: request.vod_pic,
      sid: request.sid,
      nid: request.nid,
      play: request.play,
      url: request.url,
      id,
      state: 'queued',
      code: DOWNLOAD_STATE_CODE.queued,
      fileSize: 0,
      totalSize: 0,
      percent: 0,
      tsID: 0,
      tsCount: 0,
      speed: 0,
      looked: false,
      time: this.now(),
      quality: this.current.quality,
    };
    const record: TaskRecord = { id, task };
    this.records.set(id, record);
    try {
      await this.persist(record);
    } catch (error) {
      this.patch(record, { state: 'error', error: errorKind(error) });
      return record.task;
    }
    this.changed(true);
    this.pump();
    return record.task;
  }

  async pause(id: string): Promise<void> {
    await this.initialized;
    const record = this.records.get(id);
    if (!record || !ACTIVE.includes(record.task.state)) return;
    this.patch(record, { state: 'paused', speed: 0 });
    this.changed(true);
    await this.stopRun(id);
    await this.persist(record).catch(() => undefined);
    this.pump();
  }

  async resume(id: string): Promise<void> {
    await this.initialized;
    const record = this.records.get(id);
    if (!record) return;
    this.heldElsewhere.delete(id);
    if (record.task.state !== 'paused' && record.task.state !== 'error') {
      this.pump();
      return;
    }
    this.patch(record, { state: 'queued', error: undefined, speed: 0 });
    this.changed(true);
    await this.persist(record).catch(() => undefined);
    this.pump();
  }

  async remove(ids: readonly string[]): Promise<void> {
    await this.initialized;
    for (const id of ids) {
      const record = this.records.get(id);
      if (!record) continue;
      this.patch(record, { state: 'cancelled', speed: 0 });
      await this.stopRun(id);
      this.records.delete(id);
      this.heldElsewhere.delete(id);
      this.changed(true);
      await this.write(() => this.store.deleteTask(id));
    }
    this.pump();
  }

  async markLooked(id: string): Promise<void> {
    await this.initialized;
    const record = this.records.get(id);
    if (!record || record.task.looked) return;
    this.patch(record, { looked: true });
    this.changed(true);
    await this.persist(record);
  }

  settings(): DownloadSettings {
    return this.current;
  }

  async setSettings(patch: Partial<DownloadSettings>): Promise<void> {
    await this.initialized;
    this.current = normalizeSettings({ ...this.current, ...patch });
    this.changed(true);
    await this.write(() => this.store.putSettings(this.current));
    this.pump();
  }

  async space(): Promise<StorageSpace> {
    await this.initialized;
    const downloads = [...this.records.values()].reduce((sum, r) => sum + r.task.fileSize, 0);
    try {
      const estimate = await this.storage?.estimate();
      if (estimate?.quota !== undefined) {
        const used = estimate.usage ?? 0;
        return { downloads, used, free: Math.max(0, estimate.quota - used) };
      }
    } catch {
      // No estimate: only what the downloads take is known.
    }
    return { downloads, used: downloads, free: 0 };
  }

  offlineUrl(id: string): string | undefined {
    return this.records.get(id)?.task.state === 'completed' ? `offline://${id}/index.m3u8` : undefined;
  }

  // ---- internals ----

  /** Replaces the task object (screens compare by identity) with `patch` applied and its state code set. */
  private patch(record: TaskRecord, patch: Partial<DownloadTask>): void {
    const task = { ...record.task, ...patch };
    task.code = DOWNLOAD_STATE_CODE[task.state];
    if (task.state !== 'error') delete task.error;
    record.task = task;
    this.snapshot = null;
  }

  /** Tells the listeners: at once, or (progress) at most every NOTIFY_MS. */
  private changed(now: boolean): void {
    this.snapshot = null;
    if (!now) {
      this.notifyTimer ??= setTimeout(() => this.flush(), NOTIFY_MS);
      return;
    }
    this.flush();
  }

  private flush(): void {
    clearTimeout(this.notifyTimer);
    this.notifyTimer = undefined;
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error) {
        console.error('downloads: a listener failed', error);
      }
    }
  }

  /** Runs store writes one after the other (a record is never overwritten by an older copy). */
  private write<T>(op: () => Promise<T>): Promise<T> {
    const result = this.writes.then(op, op);
    this.writes = result.catch(() => undefined);
    return result;
  }

  /** Writes the record as it is now (its task object is replaced on change, never mutated). */
  private persist(record: TaskRecord): Promise<void> {
    return this.write(() => {
      const plan = record.plan ? { ...record.plan, sizes: [...record.plan.sizes] } : undefined;
      return this.store.putTask(
        plan ? { id: record.id, task: record.task, plan } : { id: record.id, task: record.task },
      );
    });
  }

  private emit(record: TaskRecord, event: DownloadEvent): void {
    try {
      this.onEvent?.(record.task, event);
    } catch (error) {
      console.error('downloads: onEvent failed', error);
    }
  }

  private async stopRun(id: string): Promise<void> {
    const run = this.runs.get(id);
    if (!run) return;
    run.controller.abort(new DOMException('Download stopped', 'AbortError'));
    await run.done;
  }

  /** Starts queued tasks while there is room. */
  private pump(): void {
    if (!this.loaded) return;
    let free = this.current.maxConcurrent - this.runs.size;
    if (free <= 0) return;
    for (const record of [...this.records.values()].sort((a, b) => a.task.time - b.task.time)) {
      if (free <= 0) break;
      if (record.task.state !== 'queued' || this.runs.has(record.id) || this.heldElsewhere.has(record.id)) continue;
      this.start(record.id);
      free--;
    }
  }

  private start(id: string): void {
    const run: Run = {
      controller: new AbortController(),
      done: Promise.resolve(),
      bytes: 0,
      lastSample: performance.now(),
    };
    this.runs.set(id, run);
    this.startSpeedSampler();
    run.done = this.withLock(id, async (held) => {
      if (!held) {
        this.heldElsewhere.add(id);
        return;
      }
      await this.execute(id, run);
    })
      .catch((error) => console.error('downloads: run failed', error))
      .finally(() => {
        this.runs.delete(id);
        const record = this.records.get(id);
        if (record && record.task.speed !== 0) {
          this.patch(record, { speed: 0 });
          this.changed(true);
        }
        this.pump();
      });
  }

  private withLock(id: string, body: (held: boolean) => Promise<void>): Promise<void> {
    if (!this.locks) return body(true);
    const done: Promise<unknown> = this.locks.request(`openvod-download:${id}`, { ifAvailable: true }, (lock) =>
      body(lock !== null),
    );
    return done.then(() => undefined);
  }

  private startSpeedSampler(): void {
    if (this.speedTimer) return;
    this.speedTimer = setInterval(() => {
      if (this.runs.size === 0) {
        clearInterval(this.speedTimer);
        this.speedTimer = undefined;
        return;
      }
      const at = performance.now();
      for (const [id, run] of this.runs) {
        const record = this.records.get(id);
        const dt = at - run.lastSample;
        if (!record || dt <= 0) continue;
        const instant = (run.bytes * 1000) / dt;
        run.bytes = 0;
        run.lastSample = at;
        // EWMA with a ~1 s time constant.
        const alpha = 1 - Math.exp(-dt / 1000);
        const speed = Math.round(record.task.speed + alpha * (instant - record.task.speed));
        if (record.task.state === 'downloading' && speed !== record.task.speed) {
          this.patch(record, { speed: speed < 1 ? 0 : speed });
          this.changed(false);
        }
      }
    }, NOTIFY_MS);
  }

  private async execute(id: string, run: Run): Promise<void> {
    const signal = run.controller.signal;
    const record = this.records.get(id);
    if (record?.task.state !== 'queued') return;
    const fetchOptions = { ...this.fetchOptions, signal };
    try {
      if (!record.plan) {
        if (record.task.tsCount === 0 && !record.task.error) this.emit(record, 'started');
        // A full device is told before any request; the estimated size is checked once the plan is known.
        await this.checkSpace(record);
        if (signal.aborted) return;
        this.patch(record, { state: 'calculating' });
        this.changed(true);
        void this.persist(record).catch(() => undefined);
        const plan = await planDownload(record.task.url, record.task.quality, id, (url) =>
          fetchText(this.fetchFn, url, fetchOptions),
        );
        if (signal.aborted) return;
        record.plan = { ...plan, sizes: plan.resources.map(() => -1) };
        this.patch(record, { tsCount: plan.resources.length, totalSize: plan.estimatedBytes });
        await this.persist(record);
        if (signal.aborted) return;
      }
      await this.checkSpace(record);
      if (signal.aborted) return;
      this.patch(record, { state: 'downloading' });
      this.changed(true);
      void this.persist(record).catch(() => undefined);
      await this.fetchAll(record, run);
      if (signal.aborted) return;
      const fileSize = (record.plan as StoredPlan).sizes.reduce((sum, size) => sum + size, 0);
      this.patch(record, {
        state: 'completed',
        fileSize,
        totalSize: fileSize,
        percent: 100,
        tsID: record.task.tsCount,
        speed: 0,
      });
      this.changed(true);
      this.emit(record, 'completed');
      await this.persist(record);
    } catch (error) {
      if (signal.aborted) return;
      this.patch(record, { state: 'error', error: errorKind(error), speed: 0 });
      this.changed(true);
      this.emit(record, 'failed');
      await this.persist(record).catch(() => undefined);
    }
  }

  /** Refuses (storage_full) a task that would not fit; asks for persistent storage once. */
  private async checkSpace(record: TaskRecord): Promise<void> {
    const storage = this.storage;
    if (!storage) return;
    if (!this.persistAsked) {
      this.persistAsked = true;
      Promise.resolve()
        .then(() => storage.persist())
        .catch(() => undefined);
    }
    let estimate: StorageEstimate;
    try {
      estimate = await storage.estimate();
    } catch (error) {
      throw new DownloadError('storage_full', `storage estimate failed: ${(error as Error).message}`);
    }
    if (estimate.quota === undefined) throw new DownloadError('storage_full', 'storage estimate without a quota');
    const remaining = Math.max(0, record.task.totalSize - record.task.fileSize);
    if ((estimate.usage ?? 0) + remaining >= QUOTA_SHARE * estimate.quota)
      throw new DownloadError('storage_full', `needs ${remaining} bytes; ${estimate.usage} of ${estimate.quota} used`);
  }

  /** Fetches, decrypts and stores every missing resource with a pool of requests; the first failure stops all. */
  private async fetchAll(record: TaskRecord, run: Run): Promise<void> {
    const plan = record.plan as StoredPlan;
    const outer = run.controller.signal;
    const inner = new AbortController();
    const onAbort = () => inner.abort(outer.reason);
    outer.addEventListener('abort', onAbort, { once: true });
    const signal = inner.signal;
    const fetchOptions = { ...this.fetchOptions, signal };
    const keys = new Map<number, Promise<CryptoKey>>();
    const key = (index: number) => {
      let promise = keys.get(index);
      if (!promise) {
        promise = fetchResource(this.fetchFn, plan.keys[index] as string, fetchOptions).then((r) =>
          importAes128Key(r.body),
        );
        keys.set(index, promise);
      }
      return promise;
    };
    const missing = plan.sizes.flatMap((size, index) => (size < 0 ? [index] : []));
    let next = 0;
    let failure: { error: unknown } | undefined;
    const worker = async () => {
      while (!signal.aborted) {
        const index = missing[next++];
        if (index === undefined) return;
        const resource = plan.resources[index];
        if (!resource) return;
        const { body } = await fetchResource(this.fetchFn, resource.url, {
          ...fetchOptions,
          range: resource.range,
          onBytes: (n) => {
            run.bytes += n;
          },
        });
        const data =
          resource.key === undefined ? body : await decryptAes128(body, await key(resource.key), resource.iv ?? '');
        if (signal.aborted) return;
        await this.write(() => {
          const sizes = [...plan.sizes];
          sizes[index] = data.byteLength;
          return this.store.putResource({ id: record.id, task: record.task, plan: { ...plan, sizes } }, index, data);
        });
        plan.sizes[index] = data.byteLength;
        this.progress(record);
      }
    };
    const pool = Array.from({ length: Math.max(1, Math.min(this.poolSize, missing.length)) }, () =>
      worker().catch((error) => {
        failure ??= { error };
        inner.abort(error);
      }),
    );
    await Promise.all(pool);
    outer.removeEventListener('abort', onAbort);
    if (failure && !outer.aborted) throw failure.error;
  }

  /** Updates fileSize/tsID/percent/totalSize from the stored sizes. */
  private progress(record: TaskRecord): void {
    this.patch(record, progressOf(record.plan as StoredPlan));
    this.changed(false);
  }
}

/** A running task's progress fields from its plan's stored sizes (see DownloadTask in types.ts). */
export function progressOf(
  plan: StoredPlan,
): Pick<DownloadTask, 'tsID' | 'tsCount' | 'fileSize' | 'totalSize' | 'percent'> {
  let tsID = 0;
  let fileSize = 0;
  for (const size of plan.sizes) {
    if (size < 0) continue;
    tsID++;
    fileSize += size;
  }
  const tsCount = plan.sizes.length;
  // The bandwidth estimate until every size is known; without one, the average stored size times the count.
  const totalSize =
    plan.estimatedBytes > 0
      ? Math.max(plan.estimatedBytes, fileSize)
      : tsID > 0
        ? Math.round((fileSize / tsID) * tsCount)
        : 0;
  const percent = tsCount === 0 ? 0 : Math.min(99, Math.floor((tsID * 100) / tsCount));
  return { tsID, tsCount, fileSize, totalSize, percent };
}
