/**
 * Playing a downloaded episode with hls.js and no network (research/offline.md §2 "Serving" (A)): a loader class
 * for `config.loader` (hls.js also loads keys and, without fLoader/pLoader, playlists and fragments through it) that
 * answers `offline://<taskId>/<name>` from the store — `index.m3u8`/`video.m3u8`/`audio.m3u8` from the task's plan,
 * `res-00042.ts` from resource 42 — and hands every other address to hls.js's own loader
 * (`Hls.DefaultConfig.loader`). A byte range is served as hls.js asks it: `rangeEnd` is exclusive (hls.js's loaders
 * send `bytes=start-(end-1)`), and the `stats` timings are filled (hls.js's ABR reads them).
 *
 * hls.js itself is not imported here (it is loaded on demand by the player): the caller passes the class.
 */
import type { HlsConfig, Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from 'hls.js';
import type { DownloadStore } from './store';

/** What the loader reads: the task records (playlists) and the resources. */
export type OfflineSource = Pick<DownloadStore, 'getTask' | 'getResource'>;

type LoaderClass = new (config: HlsConfig) => Loader<LoaderContext>;

/** The part of the hls.js class the loader needs (its default loader). */
export interface HlsLike {
  DefaultConfig: { loader: unknown };
}

const OFFLINE = /^offline:\/\/([^/?#]+)\/([^?#]+)$/;

/** Parses `offline://<id>/<name>`; undefined for any other address. */
export function parseOfflineUrl(url: string): { id: string; name: string } | undefined {
  const match = OFFLINE.exec(url);
  return match ? { id: decodeURIComponent(match[1] as string), name: match[2] as string } : undefined;
}

function newStats(): LoaderStats {
  return {
    aborted: false,
    loaded: 0,
    retry: 0,
    total: 0,
    chunkCount: 0,
    bwEstimate: 0,
    loading: { start: 0, first: 0, end: 0 },
    parsing: { start: 0, end: 0 },
    buffering: { start: 0, first: 0, end: 0 },
  };
}

/** Reads one offline address: a playlist's text or a resource's bytes. Rejects with a message when missing. */
async function read(source: OfflineSource, id: string, name: string): Promise<string | ArrayBuffer> {
  if (name.endsWith('.m3u8')) {
    const text = (await source.getTask(id))?.plan?.playlists[name];
    if (text === undefined) throw new Error(`no downloaded playlist ${name} for ${id}`);
    return text;
  }
  const index = /^res-(\d+)\./.exec(name);
  const data = index ? await source.getResource(id, Number(index[1])) : undefined;
  if (!data) throw new Error(`no downloaded resource ${name} for ${id}`);
  return data;
}

/**
 * The loader class over `source` (the app's store: engine/index.ts `offlineHlsConfig`). Unknown offline addresses
 * answer hls.js with error code 404.
 */
export function createOfflineLoader(Hls: HlsLike, source: OfflineSource): LoaderClass {
  const Fallback = Hls.DefaultConfig.loader as LoaderClass;

  return class OfflineLoader implements Loader<LoaderContext> {
    context: LoaderContext | null = null;
    private ownStats: LoaderStats = newStats();
    private readonly config: HlsConfig;
    private fallback: Loader<LoaderContext> | null = null;
    private done = false;

    constructor(config: HlsConfig) {
      this.config = config;
    }

    get stats(): LoaderStats {
      return this.fallback ? this.fallback.stats : this.ownStats;
    }

    set stats(value: LoaderStats) {
      if (this.fallback) this.fallback.stats = value;
      else this.ownStats = value;
    }

    load(context: LoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
      const target = parseOfflineUrl(context.url);
      if (!target) {
        this.fallback = new Fallback(this.config);
        this.fallback.load(context, config, callbacks);
        return;
      }
      this.context = context;
      this.done = false;
      const stats = this.ownStats;
      stats.loading.start = performance.now();
      read(source, target.id, target.name).then(
        (whole) => {
          if (this.done || stats.aborted) return;
          this.done = true;
          let data: string | ArrayBuffer = whole;
          if (typeof whole !== 'string') {
            const start = context.rangeStart ?? 0;
            const end = context.rangeEnd ? context.rangeEnd : whole.byteLength;
            data = start > 0 || end < whole.byteLength ? whole.slice(start, end) : whole;
          } else if (context.responseType === 'arraybuffer') {
            data = new TextEncoder().encode(whole).buffer as ArrayBuffer;
          }
          const size = typeof data === 'string' ? data.length : data.byteLength;
          const now = performance.now();
          stats.loading.first = Math.max(stats.loading.start, now);
          stats.loading.end = stats.loading.first;
          stats.loaded = size;
          stats.total = size;
          stats.chunkCount = 1;
          if (context.progressData) callbacks.onProgress?.(stats, context, data, null);
          callbacks.onSuccess({ url: context.url, data, code: 200 }, stats, context, null);
        },
        (error: Error) => {
          if (this.done || stats.aborted) return;
          this.done = true;
          stats.loading.end = performance.now();
          callbacks.onError({ code: 404, text: error.message }, context, null, stats);
        },
      );
    }

    abort(): void {
      if (this.fallback) {
        this.fallback.abort();
        return;
      }
      if (!this.done) this.ownStats.aborted = true;
    }

    destroy(): void {
      this.fallback?.destroy();
      this.fallback = null;
      this.done = true;
      this.context = null;
    }
  };
}

/** The hls.js settings to merge so `offline://` addresses play from `source` (everything else loads as usual). */
export function offlineLoaderConfig(Hls: HlsLike, source: OfflineSource): Partial<HlsConfig> {
  return { loader: createOfflineLoader(Hls, source) as unknown as HlsConfig['loader'] };
}
