/**
 * Where downloads live (research/offline.md §2 and §5 item 6): IndexedDB through `idb`, not the Cache API (no 206,
 * no partial entries). Database `openvod-downloads`:
 * - `tasks`: one {@link TaskRecord} per task (key `id`): the {@link DownloadTask} and its {@link StoredPlan} (the
 *   resources to fetch, per-resource sizes as the done flags, the local playlists);
 * - `resources`: one record per stored resource, key `[taskId, index]`, value its clear bytes (an ArrayBuffer);
 * - `meta`: the download settings (key `settings`).
 * A resource and its task record are written in one transaction, so a closed tab never leaves a resource the
 * record does not count (or the reverse). Deleting a task deletes every record of it.
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
  /** Stores resource `index` of `record.id` and the updated record together (one transaction). */
  putResource(record: TaskRecord, index: number, data: ArrayBuffer): Promise<void>;
  getResource(taskId: string, index: number): Promise<ArrayBuffer | undefined>;
  /** Deletes the task record and every resource of it. */
  deleteTask(id: string): Promise<void>;
  getSettings(): Promise<Partial<DownloadSettings> | undefined>;
  putSettings(settings: DownloadSettings): Promise<void>;
  /** Closes the database (tests; a new store over the same name reopens it). */
  close(): void;
}

interface Schema extends DBSchema {
  tasks: { key: string; value: TaskRecord };
  resources: { key: [string, number]; value: ArrayBuffer };
  meta: { key: string; value: Partial<DownloadSettings> };
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
    return (await this.open()).getAll('tasks');
  }

  async getTask(id: string): Promise<TaskRecord | undefined> {
    return (await this.open()).get('tasks', id);
  }

  async putTask(record: TaskRecord): Promise<void> {
    await (await this.open()).put('tasks', record);
  }

  async putResource(record: TaskRecord, index: number, data: ArrayBuffer): Promise<void> {
    const tx = (await this.open()).transaction(['tasks', 'resources'], 'readwrite');
    await Promise.all([
      tx.objectStore('resources').put(data, [record.id, index]),
      tx.objectStore('tasks').put(record),
      tx.done,
    ]);
  }

  async getResource(taskId: string, index: number): Promise<ArrayBuffer | undefined> {
    return (await this.open()).get('resources', [taskId, index]);
  }

  async deleteTask(id: string): Promise<void> {
    const tx = (await this.open()).transaction(['tasks', 'resources'], 'readwrite');
    await Promise.all([
      tx.objectStore('resources').delete(IDBKeyRange.bound([id, -Infinity], [id, Infinity])),
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
