// @vitest-environment node
/**
 * The download manager's queue, pause/resume across managers (a closed and reopened app), retries, fail-fast and
 * storage limits, against a node:http origin that logs what it served, with fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineDownloadManager, type ManagerOptions } from './manager';
import { IdbDownloadStore, type TaskRecord } from './store';
import {
  episode,
  fakeStorage,
  HlsServer,
  makeMedia,
  storedMedia,
  type TestMedia,
  taskOf,
  until,
} from './test/hlsServer';
import type { DownloadEvent, DownloadTask } from './types';

let media: TestMedia;
let segments: string[];
const server = new HlsServer();
let dbs = 0;

/** Serves the plain stream (playlist and segments) under `/<prefix>/`; returns the playlist's address. */
function servePlain(prefix: string): string {
  for (const name of media.names().filter((n) => n.startsWith('plain'))) {
    server.files.set(`/${prefix}/${name}`, media.file(name));
  }
  return server.url(`/${prefix}/plain.m3u8`);
}

beforeAll(async () => {
  media = makeMedia();
  segments = media
    .file('plain.m3u8')
    .toString()
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));
  await server.start();
}, 60_000);

afterAll(async () => {
  await server.stop();
  media?.remove();
});

function newManager(options: Partial<ManagerOptions> = {}, name = `manager-${++dbs}`) {
  const store = options.store ?? new IdbDownloadStore(name);
  const manager = new EngineDownloadManager({
    store,
    fetch: server.fetch,
    storage: fakeStorage(),
    locks: null,
    ...options,
  });
  const events: [string, DownloadEvent][] = [];
  manager.onEvent = (task, event) => events.push([task.id, event]);
  return { store, manager, events, name };
}

const finished = (task: DownloadTask) => task.state === 'completed' || task.state === 'error';

function expectEachServedOnce(prefix: string) {
  for (const name of segments) expect(server.servedCount(`/${prefix}/${name}`), name).toBe(1);
}

/**
 * Starts a download of the plain stream under `prefix` and pauses it once the first 3 segments are stored and the
 * other requests are waiting at the server; resolves when the requests were dropped and the store is closed.
 */
async function pausedHalfway(prefix: string) {
  const url = servePlain(prefix);
  const held = segments.slice(3).map((name) => `/${prefix}/${name}`);
  const releases = held.map((path) => server.hold(path));
  const first = newManager();
  const { id } = await first.manager.add(episode(url));
  await until(first.manager, () => taskOf(first.manager, id).tsID === 3);
  await server.when((s) => held.slice(0, 3).every((path) => s.received.includes(path)));
  // The speed sampler has counted the 3 segments' bytes.
  await until(first.manager, () => taskOf(first.manager, id).speed > 0);
  await first.manager.pause(id);
  expect(taskOf(first.manager, id).state).toBe('paused');
  expect(taskOf(first.manager, id).speed).toBe(0);
  expect(taskOf(first.manager, id).code).toBe(4);
  await server.when((s) => held.slice(0, 3).every((path) => s.dropped.includes(path)));
  for (const release of releases) release();
  first.store.close();
  return { id, name: first.name, events: first.events };
}

describe('pause and resume', () => {
  it('pause, drop the manager, resume in a new one over the same database: no segment fetched twice', async () => {
    const { id, name } = await pausedHalfway('pause');
    const second = newManager({}, name);
    await second.manager.ready();
    const task = taskOf(second.manager, id);
    expect(task.state).toBe('paused');
    expect(task.tsID).toBe(3);
    expect(task.percent).toBe(50);
    await second.manager.resume(id);
    await until(second.manager, () => finished(taskOf(second.manager, id)));
    expect(taskOf(second.manager, id).state).toBe('completed');
    expectEachServedOnce('pause');
    const stored = await storedMedia(second.store, id);
    expect(stored.segments).toEqual(segments.map((n) => media.file(n)));
  });

  it('a tab closed while downloading: the next manager picks the task up on ready() and fetches only the rest', async () => {
    const { id, name } = await pausedHalfway('closed');
    // What a closed tab leaves: the record still says downloading.
    const raw = new IdbDownloadStore(name);
    const record = (await raw.getTask(id)) as TaskRecord;
    await raw.putTask({ ...record, task: { ...record.task, state: 'downloading', code: 0 } });
    raw.close();
    const next = newManager({}, name);
    await next.manager.ready();
    await until(next.manager, () => finished(taskOf(next.manager, id)));
    expect(taskOf(next.manager, id).state).toBe('completed');
    expectEachServedOnce('closed');
  });
});

describe('two tabs', () => {
  it('a task whose Web Lock another tab holds stays queued here, untouched, until resumed', async () => {
    const names: string[] = [];
    let otherTabHolds = true;
    const locks = {
      request: (name: string, options: LockOptions, callback: (lock: Lock | null) => Promise<void>) => {
        names.push(name);
        expect(options.ifAvailable).toBe(true);
        return callback(otherTabHolds ? null : ({ name, mode: 'exclusive' } as Lock));
      },
    } as unknown as Pick<LockManager, 'request'>;
    const url = servePlain('locked');
    const { manager } = newManager({ locks });
    const { id } = await manager.add(episode(url));
    await until(manager, () => names.length === 1);
    expect(names).toEqual([`openvod-download:${id}`]);
    expect(taskOf(manager, id).state).toBe('queued');
    expect(server.received.some((p) => p.startsWith('/locked/'))).toBe(false);
    otherTabHolds = false;
    await manager.resume(id);
    await until(manager, () => finished(taskOf(manager, id)));
    expect(taskOf(manager, id).state).toBe('completed');
    expect(names).toHaveLength(2);
  });
});

describe('network failures', () => {
  it('a segment answering 500 twice and then 200: the task completes', async () => {
    const url = servePlain('retry');
    const path = `/retry/${segments[1]}`;
    server.failures.set(path, [500, 500]);
    const { manager, events } = newManager();
    const { id } = await manager.add(episode(url));
    await until(manager, () => finished(taskOf(manager, id)));
    expect(taskOf(manager, id).state).toBe('completed');
    expect(server.served.filter((s) => s.path === path).map((s) => s.status)).toEqual([500, 500, 200]);
    expect(events).toEqual([
      [id, 'started'],
      [id, 'completed'],
    ]);
  });

  it('a 404 segment: error bad_address, the stored ones kept; once it exists, resume fetches only what is missing', async () => {
    const url = servePlain('gone');
    const path = `/gone/${segments[4]}`;
    const body = server.files.get(path) as Buffer;
    server.files.delete(path);
    const { manager, events } = newManager();
    const { id } = await manager.add(episode(url));
    await until(manager, () => finished(taskOf(manager, id)));
    const task = taskOf(manager, id);
    expect(task.state).toBe('error');
    expect(task.error).toBe('bad_address');
    expect(task.code).toBe(2);
    expect(events).toEqual([
      [id, 'started'],
      [id, 'failed'],
    ]);
    expect(server.served.filter((s) => s.path === path).map((s) => s.status)).toEqual([404]);
    server.files.set(path, body);
    await manager.resume(id);
    await until(manager, () => finished(taskOf(manager, id)));
    expect(taskOf(manager, id).state).toBe('completed');
    expectEachServedOnce('gone');
  });

  it('a 404 playlist: error bad_address', async () => {
    const { manager } = newManager();
    const { id } = await manager.add(episode(server.url('/nowhere/index.m3u8')));
    await until(manager, () => finished(taskOf(manager, id)));
    expect(taskOf(manager, id).error).toBe('bad_address');
  });
});

describe('storage', () => {
  it('a store that throws QuotaExceededError after 2 resources: storage_full, the 2 kept', async () => {
    class FullStore extends IdbDownloadStore {
      stored = 0;
      override async putResource(record: TaskRecord, index: number, data: ArrayBuffer) {
        if (this.stored >= 2) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        this.stored++;
        await super.putResource(record, index, data);
      }
    }
    const store = new FullStore(`full-${++dbs}`);
    const { manager } = newManager({ store });
    const { id } = await manager.add(episode(servePlain('full')));
    await until(manager, () => finished(taskOf(manager, id)));
    const task = taskOf(manager, id);
    expect(task.state).toBe('error');
    expect(task.error).toBe('storage_full');
    expect(task.tsID).toBe(2);
    const record = (await store.getTask(id)) as TaskRecord;
    const kept = record.plan?.sizes.flatMap((size, index) => (size >= 0 ? [index] : [])) ?? [];
    expect(kept).toHaveLength(2);
    for (const index of kept) {
      expect(Buffer.from((await store.getResource(id, index)) as ArrayBuffer)).toEqual(
        media.file(segments[index] as string),
      );
    }
    const missing = record.plan?.sizes.flatMap((size, index) => (size < 0 ? [index] : [])) ?? [];
    for (const index of missing) expect(await store.getResource(id, index)).toBeUndefined();
  });

  it('an estimate with no room: storage_full before any request; persist() asked once', async () => {
    const storage = fakeStorage(96, 100);
    const { manager } = newManager({ storage });
    const before = server.received.length;
    const { id } = await manager.add(episode(servePlain('noroom')));
    await until(manager, () => finished(taskOf(manager, id)));
    expect(taskOf(manager, id).error).toBe('storage_full');
    expect(server.received.slice(before)).toEqual([]);
    expect(storage.persisted).toBe(1);
  });

  it('a failed estimate: storage_full', async () => {
    const storage = {
      estimate: () => Promise.reject(new Error('no estimate')),
      persist: () => Promise.resolve(false),
    };
    const { manager } = newManager({ storage });
    const { id } = await manager.add(episode(servePlain('noestimate')));
    await until(manager, () => finished(taskOf(manager, id)));
    expect(taskOf(manager, id).error).toBe('storage_full');
  });

  it('room now but not for the estimated size (BANDWIDTH × duration): storage_full before any segment', async () => {
    servePlain('big');
    const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=80000000,RESOLUTION=160x90\nplain.m3u8\n';
    server.files.set('/big/master.m3u8', Buffer.from(master));
    // 80 Mbit/s × 6 s = 60 MB; 40 MB free.
    const { manager } = newManager({ storage: fakeStorage(0, 40_000_000) });
    const before = server.received.length;
    const { id } = await manager.add(episode(server.url('/big/master.m3u8')));
    await until(manager, () => finished(taskOf(manager, id)));
    expect(taskOf(manager, id).error).toBe('storage_full');
    expect(server.received.slice(before)).toEqual(['/big/master.m3u8', '/big/plain.m3u8']);
  });
});

describe('queue', () => {
  it('maxConcurrent 2 with 3 tasks: two run, the third starts when one completes; the setting is kept', async () => {
    const urls = ['qa', 'qb', 'qc'].map(servePlain);
    const releaseA = server.hold('/qa/plain-');
    const releaseB = server.hold('/qb/plain-');
    const releaseC = server.hold('/qc/plain-');
    const { manager, store, name } = newManager();
    await manager.setSettings({ maxConcurrent: 2 });
    let mostRunning = 0;
    manager.subscribe(() => {
      const running = manager.tasks().filter((t) => t.state === 'downloading' || t.state === 'calculating');
      mostRunning = Math.max(mostRunning, running.length);
    });
    const added = await Promise.all(urls.map((url, i) => manager.add(episode(url, i + 1))));
    const [idA, idB, idC] = added.map((task) => task.id) as [string, string, string];
    await until(
      manager,
      () => taskOf(manager, idA).state === 'downloading' && taskOf(manager, idB).state === 'downloading',
    );
    expect(taskOf(manager, idC).state).toBe('queued');
    expect(taskOf(manager, idC).code).toBe(3);
    expect(server.received.some((p) => p.startsWith('/qc/'))).toBe(false);
    releaseB();
    await until(manager, () => taskOf(manager, idB).state === 'completed');
    await until(manager, () => taskOf(manager, idC).state !== 'queued');
    expect(taskOf(manager, idA).state).toBe('downloading');
    releaseA();
    releaseC();
    await until(manager, () => manager.tasks().every((t) => t.state === 'completed'));
    expect(mostRunning).toBe(2);
    // Newest first.
    expect(manager.tasks().map((t) => t.id)).toEqual(
      [...manager.tasks()].sort((x, y) => y.time - x.time).map((t) => t.id),
    );
    store.close();
    const again = newManager({}, name);
    await again.manager.ready();
    expect(again.manager.settings().maxConcurrent).toBe(2);
  });

  it('remove deletes the task and every stored byte; looked and offlineUrl', async () => {
    const { manager, store } = newManager();
    const { id } = await manager.add(episode(servePlain('rm')));
    expect(manager.offlineUrl(id)).toBeUndefined();
    await until(manager, () => finished(taskOf(manager, id)));
    expect(manager.offlineUrl(id)).toBe(`offline://${id}/index.m3u8`);
    await manager.markLooked(id);
    expect(taskOf(manager, id).looked).toBe(true);
    expect((await store.getTask(id))?.task.looked).toBe(true);
    const space = await manager.space();
    expect(space.downloads).toBe(taskOf(manager, id).fileSize);
    await manager.remove([id]);
    expect(manager.tasks()).toEqual([]);
    expect(await store.loadTasks()).toEqual([]);
    for (let i = 0; i < segments.length; i++) expect(await store.getResource(id, i)).toBeUndefined();
  });

  it('adding the same episode twice returns the existing task', async () => {
    const { manager } = newManager();
    const url = servePlain('twice');
    const first = await manager.add(episode(url));
    const second = await manager.add(episode(url));
    expect(second.id).toBe(first.id);
    expect(manager.tasks()).toHaveLength(1);
    await until(manager, () => finished(taskOf(manager, first.id)));
  });
});
