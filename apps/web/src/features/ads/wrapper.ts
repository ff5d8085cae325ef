/**
 * The rewarded-ad wrapper of spec §4 "Rewarded ad wrapper", as a pure state machine shared by every rewarded-ad
 * provider: the web's own video ad (rewarded.ts) and future native providers (AdMob, uni-ad), which only implement
 * {@link RewardedProvider}.
 *
 * Rules (spec §4):
 * - Load success marks the ad loaded; close (the end of a show, however it ended) clears it.
 * - A load error is retried once; error code -5008 reloads silently, without counting as the retry
 *   (bounded by `maxSilentReloads`, default 3, so a provider that always answers -5008 still ends).
 * - A loaded ad expires after 30 minutes (or at the provider's own earlier expiry) and is reloaded before a show.
 * - The reward callback fires only when playback ended (`'ended'`), never on an early close.
 * - A show failure reloads once and shows again; a second failure gives up and reports the error.
 *
 * Times are milliseconds from `now()` (injectable for tests).
 */

/** A load or show failure; `code` is the provider's error code (-5008: reload silently). */
export interface RewardedError {
  code?: number;
  message?: string;
}

export interface RewardedProvider {
  /** Load one ad. Resolves (optionally with the provider's own expiry, epoch ms) or rejects with a RewardedError. */
  load(): Promise<{ expiresAt?: number } | undefined>;
  /** Show the loaded ad; resolves when it closes: 'ended' (played to the end) or 'closed' (closed early). */
  show(): Promise<'ended' | 'closed'>;
}

export type WrapperState = 'idle' | 'loading' | 'loaded' | 'showing';

export type ShowOutcome = { status: 'ended' } | { status: 'closed' } | { status: 'error'; error: RewardedError };

/** Error code of a load that should be reloaded without counting (spec §4). */
export const SILENT_RELOAD_CODE = -5008;
/** A loaded ad is stale after 30 minutes (spec §4). */
export const LOADED_TTL_MS = 30 * 60 * 1000;

export interface WrapperOptions {
  now?: () => number;
  maxSilentReloads?: number;
  /** Called once per show, only when playback ended (the reward callback). */
  onRewarded?: () => void;
}

function toError(err: unknown): RewardedError {
  if (err && typeof err === 'object') {
    const e = err as { code?: unknown; message?: unknown; errCode?: unknown; errMsg?: unknown };
    const code = typeof e.code === 'number' ? e.code : typeof e.errCode === 'number' ? e.errCode : undefined;
    const message = typeof e.message === 'string' ? e.message : typeof e.errMsg === 'string' ? e.errMsg : undefined;
    return { code, message };
  }
  return { message: String(err) };
}

export class RewardedAdWrapper {
  private _state: WrapperState = 'idle';
  private loadedAt = 0;
  private expiresAt = Number.POSITIVE_INFINITY;
  private readonly now: () => number;
  private readonly maxSilent: number;

  constructor(
    private readonly provider: RewardedProvider,
    private readonly opts: WrapperOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.maxSilent = opts.maxSilentReloads ?? 3;
  }

  get state(): WrapperState {
    return this._state;
  }

  /** Whether a loaded ad is ready and not expired (30 minutes, or the provider's expiry). */
  get loaded(): boolean {
    return this._state === 'loaded' && this.now() - this.loadedAt < LOADED_TTL_MS && this.now() < this.expiresAt;
  }

  /** Load with the retry rules; rejects with the last RewardedError when the retry failed too. */
  async load(): Promise<void> {
    this._state = 'loading';
    let retries = 0;
    let silent = 0;
    for (;;) {
      try {
        const r = await this.provider.load();
        this._state = 'loaded';
        this.loadedAt = this.now();
        this.expiresAt = r && typeof r.expiresAt === 'number' ? r.expiresAt : Number.POSITIVE_INFINITY;
        return;
      } catch (err) {
        const e = toError(err);
        if (e.code === SILENT_RELOAD_CODE && silent < this.maxSilent) {
          silent++;
          continue;
        }
        if (retries < 1) {
          retries++;
          continue;
        }
        this._state = 'idle';
        throw e;
      }
    }
  }

  /**
   * Show an ad: (re)load first when none is loaded or it expired; a show failure reloads once and shows again, then
   * gives up with the error. The loaded mark is cleared when the show closes. `onRewarded` fires only on 'ended'.
   */
  async show(): Promise<ShowOutcome> {
    let showFailures = 0;
    for (;;) {
      if (!this.loaded) {
        try {
          await this.load();
        } catch (err) {
          return { status: 'error', error: toError(err) };
        }
      }
      this._state = 'showing';
      try {
        const r = await this.provider.show();
        this._state = 'idle';
        if (r === 'ended') {
          this.opts.onRewarded?.();
          return { status: 'ended' };
        }
        return { status: 'closed' };
      } catch (err) {
        this._state = 'idle';
        if (showFailures < 1) {
          showFailures++;
          continue; // not loaded any more: the loop reloads once
        }
        return { status: 'error', error: toError(err) };
      }
    }
  }
}
