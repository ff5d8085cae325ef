/**
 * The offline downloader's task model (spec §3 "Cache download" and "Download task record", §4 "Download task",
 * §9 downloads; research/offline.md §5). Plain data and interfaces, no React: the viewer app's screens drive it
 * through {@link DownloadManager}, and a native shell could drive the same model.
 */

/** Task states of spec §4 "Download task". */
export type DownloadState = 'queued' | 'downloading' | 'paused' | 'completed' | 'error' | 'calculating' | 'cancelled';

/**
 * The numeric codes of spec §4 (the first reading, which names all seven states): 0 in progress, 1 done, 2 failed,
 * 3 waiting, 4 cancelled/paused, 5 started (`calculating`: the playlist is being read and the size estimated).
 */
export const DOWNLOAD_STATE_CODE: Record<DownloadState, number> = {
  downloading: 0,
  completed: 1,
  error: 2,
  queued: 3,
  paused: 4,
  cancelled: 4,
  calculating: 5,
};

/**
 * Why a task stopped in `error` (spec §8 messages):
 * - `unsupported`: 'This video does not currently support caching!' (live playlist, SAMPLE-AES, AES-256, a key
 *   format other than identity, a byte range that cannot be resolved, not a playlist);
 * - `bad_address`: 'The download address is incorrect' (403/404 on the playlist, a key or a segment);
 * - `failed`: 'Download error, please try again' (retries used up, timeouts, bad key length);
 * - `storage_full`: the device has no room left (`QuotaExceededError`, or the estimate says it will not fit).
 */
export type DownloadErrorKind = 'unsupported' | 'bad_address' | 'failed' | 'storage_full';

/** The variant cap the user sets (spec §9): the best variant whose height is at most 480, 720, or any. */
export type DownloadQuality = 'standard' | 'high' | 'highest';

/** What the title page hands the downloader for one episode. */
export interface DownloadRequest {
  vod_id: number;
  vod_name: string;
  /** The episode's name ("第1集"). */
  name: string;
  vod_pic: string;
  /** 1-based line (source) index and episode index, as in the title page's play address. */
  sid: number;
  nid: number;
  /** The line's player code (`vod_play_from`, spec §3 "Cache download: play"). */
  play: string;
  /** The episode's HLS address (master or media playlist, absolute). */
  url: string;
}

/** One download task (spec §3 "Cache download" and "Download task record" fields). */
export interface DownloadTask extends DownloadRequest {
  /** `${vod_id}-${sid}-${nid}`: one task per episode. */
  id: string;
  state: DownloadState;
  /** {@link DOWNLOAD_STATE_CODE} of `state`. */
  code: number;
  /** Bytes stored so far (after decryption); the final size once completed. */
  fileSize: number;
  /** Estimated total bytes (BANDWIDTH × duration until the sizes are known); equals fileSize once completed. */
  totalSize: number;
  /** 0..100, integer: by stored resources until the sizes are known, then by bytes; exactly 100 when completed. */
  percent: number;
  /** Resources (segments, init sections) stored, and their count. */
  tsID: number;
  tsCount: number;
  /** Current speed in bytes per second (smoothed over about a second); 0 when not downloading. */
  speed: number;
  /** The completed download has been played. */
  looked: boolean;
  /** Created, ms since the epoch. */
  time: number;
  /** Set when state is `error`. */
  error?: DownloadErrorKind;
  quality: DownloadQuality;
}

/** The user's download settings (spec §9: at most 5 at once by default; cellular allowed). */
export interface DownloadSettings {
  /** Tasks downloading at once, 1..5 (default 5). */
  maxConcurrent: number;
  /** The variant cap (default `high`). */
  quality: DownloadQuality;
}

/** Space used by this origin and what is left (navigator.storage.estimate()), in bytes. */
export interface StorageSpace {
  /** Bytes the downloads take. */
  downloads: number;
  /** Bytes the origin uses in all. */
  used: number;
  /** Bytes the origin may still use. */
  free: number;
}

/** What the engine tells the app about a task's life, for the server's downloads report. */
export type DownloadEvent = 'started' | 'completed' | 'failed';

/**
 * The downloader (engine/manager.ts). One per app (`downloads` in engine/index.ts); tests make their own with an
 * in-memory store and their own `fetch`.
 */
export interface DownloadManager {
  /** Resolves once the stored tasks are loaded; tasks left `downloading`/`calculating` by a closed tab resume. */
  ready(): Promise<void>;
  /** Every task, newest first (a stable array: a new array only after a change, for useSyncExternalStore). */
  tasks(): readonly DownloadTask[];
  /** Called after every change of any task (progress included, at most a few times a second). */
  subscribe(listener: () => void): () => void;
  /** Queue an episode (an existing task of the same id is returned as it is). Never throws for the network. */
  add(request: DownloadRequest): Promise<DownloadTask>;
  /** Stop a queued/downloading task; every stored resource is kept. */
  pause(id: string): Promise<void>;
  /** Queue a paused or failed task again; only what is missing is fetched. */
  resume(id: string): Promise<void>;
  /** Cancel and delete tasks with every stored byte. */
  remove(ids: readonly string[]): Promise<void>;
  /** Mark a completed task played. */
  markLooked(id: string): Promise<void>;
  settings(): DownloadSettings;
  setSettings(patch: Partial<DownloadSettings>): Promise<void>;
  space(): Promise<StorageSpace>;
  /**
   * The address to give hls.js for a completed task, served by {@link OfflineLoaderFactory}'s loader:
   * `offline://<id>/index.m3u8`. Undefined if the task is not completed.
   */
  offlineUrl(id: string): string | undefined;
  /** Life events for the downloads report (the app reports them to the server; engine/index.ts leaves it unset). */
  onEvent?: (task: DownloadTask, event: DownloadEvent) => void;
}

/**
 * Makes the hls.js `loader` class (config.loader, which also loads keys) that serves `offline://` addresses from
 * the store and passes every other address to hls.js's default loader.
 */
export type OfflineLoaderFactory = () => unknown;
