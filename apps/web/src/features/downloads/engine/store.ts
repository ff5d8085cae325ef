/**
 * Where downloads live (research/offline.md §2 and §5 item 6): IndexedDB through `idb`, not the Cache API (no 206,
 * no partial entries). Database `openvod-downloads`:
 * - `tasks`: one row per task (key `id`): the {@link DownloadTask} and the per-resource sizes (the done flags);
 * - `plans`: the task's {@link DownloadPlan} (resources to fetch, local playlists), written once it is known: a row
 *   of its own, so storing a resource rewrites only the small task row, not a plan of thousands of resources;
 * - `resources`: one record per stored resource, key `[taskId, index]`, value its clear bytes (an ArrayBuffer);
 * - `meta`: the download settings (key `settings`).
 * A resource and its task row are written in one transaction, so a closed tab never leaves a resource the task
 * does not count (or the reverse). Deleting a task deletes every record of it.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { DownloadPlan } from './playlist';
import type { DownloadSettings, DownloadTask } from './types';

/** A task's plan with its progress: `sizes[i]` is resource i's stored size in bytes, -1 while missing. */
export interface StoredPlan extends DownloadPlan {
  sizes: number[];
}

/** What the `tasks` store holds per task. */
export interface TaskRecord {
  id: string;
  task: DownloadTask;
  /** Set once the playlist has been read (state `calculating` done). */
  plan?: StoredPlan;
}

/**
 * The storage the manager and the offline loader use (IndexedDB here; an OPFS or native store can implement the
 * same). Writes may reject with a `QuotaExceededError` DOMException when the device is full.
 */
export interface DownloadStore {
  /** Every stored task record. */
  loadTasks(): Promise<TaskRecord[]>;
  getTask(id: string): Promise<TaskRecord | undefined>;
  putTask(record: TaskRecord): Promise<void>;
  /**
   * Stores resource `index` of `record.id` with the record's task and sizes (one transaction); the plan itself is
   * written by {@link putTask}, which must have been called once the plan was set.
   */
  putResource(record: TaskRecord, index: number, data: ArrayBuffer): Promise<void>;
  getResource(taskId: string, index: number): Promise<ArrayBuffer | undefined>;
  /** Deletes the task record and every resource of it. */
  deleteTask(id: string): Promise<void>;
  getSettings(): Promise<Partial<DownloadSettings> | undefined>;
  putSettings(settings: DownloadSettings): Promise<void>;
  /** Closes the database (tests; a new store over the same name reopens it). */
  close(): void;
}

/** A `tasks` row: the task and, once planned, the stored size of each resource (-1 missing). */
interface TaskRow {
  id: string;
  task: DownloadTask;
  sizes?: number[];
}

interface Schema extends DBSchema {
  tasks: { key: string; value: TaskRow };
  plans: { key: string; value: DownloadPlan };
  resources: { key: [string, number]; value: ArrayBuffer };
  meta: { key: string; value: Partial<DownloadSettings> };
}

function row(record: TaskRecord): TaskRow {
  return record.plan
    ? { id: record.id, task: record.task, sizes: record.plan.sizes }
    : { id: record.id, task: record.task };
}

function plan(record: TaskRecord): DownloadPlan | undefined {
  if (!record.plan) return undefined;
  const { sizes: _sizes, ...rest } = record.plan;
  return rest;
}

function join(taskRow: TaskRow, stored: DownloadPlan | undefined): TaskRecord {
  if (!stored) return { id: taskRow.id, task: taskRow.task };
  return {
    id: taskRow.id,
    task: taskRow.task,
    plan: { ...stored, sizes: taskRow.sizes ?? stored.resources.map(() => -1) },
  };
}

/** The default database name. */
export const DOWNLOADS_DB = 'openvod-downloads';

/** {@link DownloadStore} over IndexedDB (the global `indexedDB`; tests use fake-indexeddb). */
export class IdbDownloadStore implements DownloadStore {
  private db?: Promise<IDBPDatabase<Schema>>;

  constructor(private readonly name: string = DOWNLOADS_DB) {}

  private open(): Promise<IDBPDatabase<Schema>> {
    if (!this.db) {
      this.db = openDB<Schema>(this.name, 1, {
        upgrade(db) {
          db.createObjectStore('tasks', { keyPath: 'id' });
          db.createObjectStore('plans');
          db.createObjectStore('resources');
          db.createObjectStore('meta');
        },
      });
      this.db.catch(() => {
        this.db = undefined;
      });
    }
    return this.db;
  }

  async loadTasks(): Promise<TaskRecord[]> {
    const tx = (await this.open()).transaction(['tasks', 'plans']);
    const [rows, plans, planKeys] = await Promise.all([
      tx.objectStore('tasks').getAll(),
      tx.objectStore('plans').getAll(),
      tx.objectStore('plans').getAllKeys(),
    ]);
    const byId = new Map(planKeys.map((key, i) => [key, plans[i]]));
    return rows.map((r) => join(r, byId.get(r.id)));
  }

  async getTask(id: string): Promise<TaskRecord | undefined> {
    const tx = (await this.open()).transaction(['tasks', 'plans']);
    const [taskRow, stored] = await Promise.all([tx.objectStore('tasks').get(id), tx.objectStore('plans').get(id)]);
    return taskRow ? join(taskRow, stored) : undefined;
  }

  async putTask(record: TaskRecord): Promise<void> {
    const tx = (await this.open()).transaction(['tasks', 'plans'], 'readwrite');
    const stored = plan(record);
    await Promise.all([
      tx.objectStore('tasks').put(row(record)),
      stored ? tx.objectStore('plans').put(stored, record.id) : undefined,
      tx.done,
    ]);
  }

  async putResource(record: TaskRecord, index: number, data: ArrayBuffer): Promise<void> {
    const tx = (await this.open()).transaction(['tasks', 'resources'], 'readwrite');
    await Promise.all([
      tx.objectStore('resources').put(data, [record.id, index]),
      tx.objectStore('tasks').put(row(record)),
      tx.done,
    ]);
  }

  async getResource(taskId: string, index: number): Promise<ArrayBuffer | undefined> {
    return (await this.open()).get('resources', [taskId, index]);
  }

  async deleteTask(id: string): Promise<void> {
    const tx = (await this.open()).transaction(['tasks', 'plans', 'resources'], 'readwrite');
    await Promise.all([
      tx.objectStore('resources').delete(IDBKeyRange.bound([id, -Infinity], [id, Infinity])),
      tx.objectStore('plans').delete(id),
      tx.objectStore('tasks').delete(id),
      tx.done,
    ]);
  }

  async getSettings(): Promise<Partial<DownloadSettings> | undefined> {
    return (await this.open()).get('meta', 'settings');
  }

  async putSettings(settings: DownloadSettings): Promise<void> {
    await (await this.open()).put('meta', settings, 'settings');
  }

  close(): void {
    const db = this.db;
    this.db = undefined;
    void db?.then((d) => d.close()).catch(() => undefined);
  }
}
