/**
 * Test pieces of the download screens: an in-memory {@link DownloadManager} for the screens' tests (issue 17 item 4): tasks are plain records the test
 * drives (`update`), `add` queues at once, and every call is recorded in `calls`. No network, no storage.
 */
import type { CheckBuyPopedomResponse } from '@openvod/contract';
import {
  DOWNLOAD_STATE_CODE,
  type DownloadEvent,
  type DownloadManager,
  type DownloadRequest,
  type DownloadSettings,
  type DownloadTask,
  type StorageSpace,
} from './engine/types';

export class FakeDownloadManager implements DownloadManager {
  list: DownloadTask[] = [];
  calls: string[] = [];
  current: DownloadSettings = { maxConcurrent: 5, quality: 'high' };
  storage: StorageSpace = { downloads: 0, used: 0, free: 8 * 1024 ** 3 };
  onEvent?: (task: DownloadTask, event: DownloadEvent) => void;
  private listeners = new Set<() => void>();

  ready() {
    return Promise.resolve();
  }
  tasks() {
    return this.list;
  }
  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  private emit() {
    this.list = [...this.list];
    for (const l of this.listeners) l();
  }
  /** Change a task as the engine would (state, progress ...), notifying the screens. */
  update(id: string, patch: Partial<DownloadTask>) {
    this.list = this.list.map((t) =>
      t.id === id ? { ...t, ...patch, code: DOWNLOAD_STATE_CODE[patch.state ?? t.state] } : t,
    );
    this.emit();
  }
  async add(request: DownloadRequest) {
    this.calls.push(`add:${request.vod_id}-${request.sid}-${request.nid}`);
    const existing = this.list.find((t) => t.id === `${request.vod_id}-${request.sid}-${request.nid}`);
    if (existing) return existing;
    const task = makeTask(request, { time: Date.now(), quality: this.current.quality });
    this.list = [task, ...this.list];
    this.emit();
    return task;
  }
  async pause(id: string) {
    this.calls.push(`pause:${id}`);
    this.update(id, { state: 'paused', speed: 0 });
  }
  async resume(id: string) {
    this.calls.push(`resume:${id}`);
    this.update(id, { state: 'queued', error: undefined });
  }
  async remove(ids: readonly string[]) {
    this.calls.push(`remove:${ids.join(',')}`);
    this.list = this.list.filter((t) => !ids.includes(t.id));
    this.emit();
  }
  async markLooked(id: string) {
    this.calls.push(`looked:${id}`);
    this.update(id, { looked: true });
  }
  settings() {
    return this.current;
  }
  async setSettings(patch: Partial<DownloadSettings>) {
    this.calls.push(`settings:${JSON.stringify(patch)}`);
    this.current = { ...this.current, ...patch };
  }
  async space() {
    return this.storage;
  }
  offlineUrl(id: string) {
    return this.list.find((t) => t.id === id && t.state === 'completed') ? `offline://${id}/index.m3u8` : undefined;
  }
}

/** A task record of `request` (queued, nothing stored) with `patch` applied. */
export function makeTask(request: DownloadRequest, patch: Partial<DownloadTask> = {}): DownloadTask {
  const state = patch.state ?? 'queued';
  return {
    ...request,
    id: `${request.vod_id}-${request.sid}-${request.nid}`,
    state,
    code: DOWNLOAD_STATE_CODE[state],
    fileSize: 0,
    totalSize: 0,
    percent: 0,
    tsID: 0,
    tsCount: 0,
    speed: 0,
    looked: false,
    time: 1_700_000_000_000,
    quality: 'high',
    ...patch,
  };
}

/** The request of episode `nid` (line 1) of title `vodId`. */
export function episodeRequest(vodId: number, nid: number, over: Partial<DownloadRequest> = {}): DownloadRequest {
  return {
    vod_id: vodId,
    vod_name: `Title ${vodId}`,
    name: `Episode ${nid}`,
    vod_pic: '',
    sid: 1,
    nid,
    play: 'demo',
    url: `http://media.test/${vodId}/${nid}/index.m3u8`,
    ...over,
  };
}

/** A checkBuyPopedom answer for type 5: allowed with a free download (2 a day, none used), changed by `over`. */
export const checkAnswer = (over: Partial<CheckBuyPopedomResponse> = {}): CheckBuyPopedomResponse => ({
  code: 1,
  msg: 'ok',
  allowed: true,
  reason: 'free',
  price: 0,
  bought: false,
  user_points: 0,
  free: { total: 2, used: 0 },
  extra: 0,
  logged_in: true,
  guest: false,
  choices: [],
  ...over,
});
