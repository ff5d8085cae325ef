/**
 * Rewarded ads that cannot be faked (issue 7 item 3; spec §4 "Rewarded ad wrapper"; research/money.md §4 "Reward
 * flow"; DESIGN.md §4 idempotency, §8 verified callbacks).
 *
 * - {@link RewardsService.issue}: a signed-in user gets a single-use nonce (24 random bytes, base64url) tied to the
 *   user, the purpose (`view` | `download`), the network and, for the web's own video ad, the ad and its length.
 *   The daily cap per user and purpose (console settings, operator days in TZ) is checked here for a clear answer
 *   and again, atomically, at grant time.
 * - {@link RewardsService.progress}: own ads only. `start` records the server time once; `ended` pays when at least
 *   `duration_s` seconds passed since then — both measured by the DATABASE clock, so a client clock or a replayed
 *   request cannot shorten the ad. (A callback-less source cannot prove the pixels were shown: a scripted client
 *   that waits the ad's length is paid like a viewer; the daily cap bounds that, research/money.md §4.)
 * - {@link RewardsService.admobCallback} / {@link RewardsService.uniadCallback}: the networks' server callbacks,
 *   verified (signatures.ts) before anything is read from the database; `custom_data` / `extra` carries the nonce,
 *   `user_id` must be the nonce's user, the network must be the nonce's network.
 *
 * Every grant is ONE transaction: a guarded update claims the nonce (`status in (issued, started) and expires_at >
 * now()`; concurrent claimers of one nonce wait on its row lock and then find it taken), the network transaction
 * id is stored (unique per network), the per-day counter is raised only below the cap, and the ledger posts +1
 * `views` / `downloads` with key `reward:<nonce>`. Forged, replayed, expired or over-cap callbacks change nothing.
 */
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_REWARD_SETTINGS,
  ErrorCode,
  type RewardGrantInfo,
  type RewardNetwork,
  type RewardNonceInfo,
  type RewardNonceRow,
  type RewardPurpose,
  type RewardSettings,
  RewardSettings as RewardSettingsSchema,
  type RewardStatus,
} from '@openvod/contract';
import { AppError } from '../../core/errors.ts';
import { getSettings, setSetting } from '../../core/settings.ts';
import { operatorDay, operatorDayRange } from '../../core/time.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import * as repo from './rewards.repo.ts';
import { type AdmobKeyStore, verifyAdmobQuery, verifyUniadSign } from './signatures.ts';

export const REWARD_SETTINGS_KEY = 'rewards';
/** Unpaid, unexpired nonces one user may hold at once (429 beyond: a client cannot pile up tickets). */
export const MAX_OPEN_NONCES = 20;
/** Seconds an own-ad nonce stays valid beyond the ad's length at least (loading, buffering). */
const OWN_AD_SLACK_S = 120;

type NonceRow = repo.NonceRow;

/** What the rewards module needs of the ledger (modules/ledger); the module's plugin reaches it lazily. */
export type RewardsLedger = Pick<LedgerService, 'post' | 'balance'>;

export interface RewardsDeps {
  timeZone: string;
  admobKeys: AdmobKeyStore;
  /** uni-ad appSecurityKey (UNIAD_SECURITY_KEY); unset = uni-ad callbacks are refused. */
  uniadSecret?: string;
  now?: () => Date;
}

/** The answer a network callback gets, plus what happened (for logs and tests). */
export interface CallbackOutcome {
  status: number;
  body: string;
  result: 'granted' | 'duplicate' | 'forged' | 'rejected';
}

class CapReached extends Error {}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

const assetOf = (p: RewardPurpose) => (p === 'view' ? 'views' : 'downloads');

/** The status to show: an unpaid nonce past its expiry is 'expired' (rows are not rewritten when they expire). */
function shownStatus(row: Pick<NonceRow, 'status' | 'expires_at'>, now: Date): RewardStatus {
  if ((row.status === 'issued' || row.status === 'started') && row.expires_at <= now) return 'expired';
  return row.status as RewardStatus;
}

export class RewardsService {
  private readonly now: () => Date;

  constructor(
    readonly db: Db,
    private readonly ledger: RewardsLedger,
    private readonly deps: RewardsDeps,
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  get admobKeysUrl(): string {
    return this.deps.admobKeys.url;
  }

  get uniadConfigured(): boolean {
    return Boolean(this.deps.uniadSecret);
  }

  private today(): string {
    return operatorDay(this.now(), this.deps.timeZone);
  }

  /** The console settings (defaults {@link DEFAULT_REWARD_SETTINGS} until changed). */
  async settings(): Promise<RewardSettings> {
    const stored = (await getSettings(this.db, [REWARD_SETTINGS_KEY]))[REWARD_SETTINGS_KEY];
    const parsed = RewardSettingsSchema.safeParse({ ...DEFAULT_REWARD_SETTINGS, ...(stored as object | undefined) });
    return parsed.success ? parsed.data : DEFAULT_REWARD_SETTINGS;
  }

  async updateSettings(s: RewardSettings): Promise<RewardSettings> {
    await setSetting(this.db, REWARD_SETTINGS_KEY, s);
    return this.settings();
  }

  private async grantedToday(userId: number, purpose: RewardPurpose): Promise<number> {
    return repo.grantedOn(this.db, userId, this.today(), purpose);
  }

  /** The rewarded own video ad to show: active, in schedule, ad_show_type 1, ad_type 2, a video and a length. */
  private async pickOwnAd() {
    return repo.rewardedOwnAd(this.db, this.now());
  }

  /**
   * Issue a nonce for one rewarded view. Errors: 400 `reward_cap` (daily cap reached or 0), 400
   * `reward_network_off` (uni-ad without UNIAD_SECURITY_KEY), 404 `reward_no_ad` (own: no rewarded video ad), 429
   * `rate_limited` when the user holds {@link MAX_OPEN_NONCES} unpaid unexpired nonces.
   */
  async issue(
    user: Pick<UserRow, 'user_id'>,
    body: { purpose: RewardPurpose; network: RewardNetwork; vod_id?: number | undefined },
  ): Promise<RewardNonceInfo> {
    const settings = await this.settings();
    const cap = body.purpose === 'view' ? settings.daily_cap_view : settings.daily_cap_download;
    const today = await this.grantedToday(user.user_id, body.purpose);
    if (today >= cap) throw new AppError(400, ErrorCode.generic, 'reward_cap');
    if (body.network === 'uniad' && !this.deps.uniadSecret) {
      throw new AppError(400, ErrorCode.generic, 'reward_network_off', {}, 'network');
    }
    if ((await repo.openNonceCount(this.db, user.user_id)) >= MAX_OPEN_NONCES)
      throw new AppError(429, ErrorCode.rateLimited, 'rate_limited');
    const ad = body.network === 'own' ? await this.pickOwnAd() : undefined;
    if (body.network === 'own' && !ad) throw new AppError(404, ErrorCode.notFound, 'reward_no_ad');
    const duration = ad?.ad_duration ?? 0;
    const ttlS = Math.max(settings.nonce_ttl_min * 60, duration + OWN_AD_SLACK_S);
    const nonce = randomBytes(24).toString('base64url');
    const r = await repo.insertNonce(
      this.db,
      {
        nonce,
        user_id: user.user_id,
        purpose: body.purpose,
        network: body.network,
        ad_id: ad?.ad_id ?? null,
        vod_id: body.vod_id ?? null,
        duration_s: duration,
        day: operatorDay(this.now(), this.deps.timeZone),
      },
      ttlS,
    );
    return {
      nonce,
      purpose: body.purpose,
      network: body.network,
      status: r.status as RewardStatus,
      duration_s: duration,
      expires_at: r.expires_at.toISOString(),
      ad: ad
        ? {
            ad_id: ad.ad_id,
            ad_name: ad.ad_name,
            ad_video_url: ad.ad_video_url,
            ad_pic_url: ad.ad_pic_url,
            ad_url: ad.ad_url,
            ad_duration: ad.ad_duration,
          }
        : null,
      today,
      cap,
    };
  }

  private async ownNonce(userId: number, nonce: string): Promise<NonceRow> {
    const row = await repo.userNonce(this.db, userId, nonce);
    if (!row) throw new AppError(404, ErrorCode.notFound, 'reward_nonce_unknown', {}, 'nonce');
    return row;
  }

  private async info(row: NonceRow, remaining = 0): Promise<RewardGrantInfo> {
    const granted = row.status === 'granted';
    return {
      nonce: row.nonce,
      status: shownStatus(row, this.now()),
      granted,
      remaining_s: granted ? 0 : remaining,
      balance: granted ? await this.ledger.balance(this.db, row.user_id, assetOf(row.purpose as RewardPurpose)) : null,
    };
  }

  /** A nonce of `user` and whether it was granted. 404 `reward_nonce_unknown` for another user's or no nonce. */
  async status(user: Pick<UserRow, 'user_id'>, nonce: string): Promise<RewardGrantInfo> {
    return this.info(await this.ownNonce(user.user_id, nonce));
  }

  /**
   * Own video ad progress. `start`: records the server time once (a repeated start changes nothing). `ended`: pays
   * when the ad's length passed since the recorded start (DB clock); earlier: `granted: false` with `remaining_s`;
   * expired or capped: `granted: false`, that status, `remaining_s` 0. 404 `reward_nonce_unknown` for a network
   * nonce or another user's.
   */
  async progress(user: Pick<UserRow, 'user_id'>, nonce: string, event: 'start' | 'ended'): Promise<RewardGrantInfo> {
    const row = await this.ownNonce(user.user_id, nonce);
    if (row.network !== 'own') throw new AppError(404, ErrorCode.notFound, 'reward_nonce_unknown', {}, 'nonce');
    if (row.status === 'granted') return this.info(row);
    if (event === 'start') {
      const started = await repo.startNonce(this.db, nonce);
      const current = started ?? (await this.ownNonce(user.user_id, nonce));
      if (current.status !== 'started') {
        throw new AppError(404, ErrorCode.notFound, 'reward_nonce_unknown', {}, 'nonce');
      }
      return this.info(current, current.duration_s);
    }
    const outcome = await this.grant(nonce, { network: 'own', userId: user.user_id, watched: true });
    const current = await this.ownNonce(user.user_id, nonce);
    if (outcome === 'granted' || current.status === 'granted') return this.info(current);
    // Not started yet: the whole length remains; expired or capped: nothing will be paid (remaining 0).
    const shown = shownStatus(current, this.now());
    if (shown !== 'started') return this.info(current, shown === 'issued' ? current.duration_s : 0);
    return this.info(current, Math.max(1, await repo.secondsLeft(this.db, nonce)));
  }

  /**
   * Claim nonce `nonce` and pay it, in one transaction. `granted`: paid now; `duplicate`: it was paid before by the
   * same network transaction; `rejected`: unknown, wrong user or network, expired, not watched long enough, over the
   * daily cap, or the network transaction already paid another nonce. Nothing changes unless `granted`. `watched`:
   * an own ad, paid only once its length passed since its recorded start.
   */
  private async grant(
    nonce: string,
    c: { network: RewardNetwork; userId?: number; transactionId?: string; watched?: boolean },
  ): Promise<'granted' | 'duplicate' | 'rejected'> {
    const settings = await this.settings();
    const day = this.today();
    let claimed: NonceRow | undefined;
    try {
      claimed = await this.db.transaction(async (tx) => {
        const row = await repo.claimNonce(tx, nonce, c);
        if (!row) return undefined;
        const purpose = row.purpose as RewardPurpose;
        const cap = purpose === 'view' ? settings.daily_cap_view : settings.daily_cap_download;
        const counted = await repo.countGrant(tx, { userId: row.user_id, day, purpose }, cap);
        if (counted === undefined || counted > cap) throw new CapReached();
        await this.ledger.post(tx, {
          userId: row.user_id,
          asset: assetOf(purpose),
          amount: 1,
          kind: 'ad_reward',
          key: `reward:${nonce}`,
          ref: nonce.slice(0, 64),
          meta: { network: row.network, ad_id: row.ad_id, transaction_id: c.transactionId ?? null },
        });
        return row;
      });
    } catch (err) {
      if (err instanceof CapReached) {
        await repo.markCapped(this.db, nonce);
        return 'rejected';
      }
      if (isUniqueViolation(err)) return 'rejected';
      throw err;
    }
    if (claimed) return 'granted';
    if (c.transactionId === undefined) return 'rejected';
    const prior = await repo.nonceGrant(this.db, nonce);
    return prior?.status === 'granted' && prior.transaction_id === c.transactionId ? 'duplicate' : 'rejected';
  }

  /**
   * AdMob SSV callback, from the raw query string (after `?`). 400 text when the signature is missing or wrong or
   * the key is unknown; 200 `granted` / `duplicate` (the same transaction again); 200 `rejected` for a verified
   * callback that pays nothing (unknown, expired or capped nonce, wrong user), so AdMob does not retry it.
   */
  async admobCallback(rawQuery: string): Promise<CallbackOutcome> {
    const verdict = await verifyAdmobQuery(rawQuery, this.deps.admobKeys);
    if (!verdict.ok) return { status: 400, body: verdict.reason, result: 'forged' };
    const p = verdict.params;
    const nonce = p.get('custom_data') ?? '';
    const transactionId = p.get('transaction_id') ?? '';
    const userId = Number(p.get('user_id'));
    if (!nonce || !transactionId || !Number.isSafeInteger(userId) || userId <= 0) {
      return { status: 200, body: 'rejected', result: 'rejected' };
    }
    const r = await this.grant(nonce, { network: 'admob', userId, transactionId: transactionId.slice(0, 128) });
    return { status: 200, body: r, result: r };
  }

  /** uni-ad callback: `{"isValid": true}` when granted now or by this transaction before, else false. */
  async uniadCallback(q: Record<string, unknown>): Promise<CallbackOutcome> {
    const str = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : '');
    const transId = str('trans_id');
    const valid = (b: boolean) => JSON.stringify({ isValid: b });
    if (!this.deps.uniadSecret || !verifyUniadSign(this.deps.uniadSecret, transId, str('sign'))) {
      return { status: 200, body: valid(false), result: 'forged' };
    }
    const userId = Number(str('user_id'));
    const nonce = str('extra');
    if (!nonce || !Number.isSafeInteger(userId) || userId <= 0) {
      return { status: 200, body: valid(false), result: 'rejected' };
    }
    const r = await this.grant(nonce, { network: 'uniad', userId, transactionId: transId.slice(0, 128) });
    return { status: 200, body: valid(r !== 'rejected'), result: r };
  }

  /** Console report: nonces issued and granted per network, ad and purpose (operator days), latest 50 nonces. */
  async report(q: { from?: string | undefined; to?: string | undefined }) {
    const range = operatorDayRange(this.now(), this.deps.timeZone, q, 7);
    const rows = await repo.issuedAndGranted(this.db, range.from, range.to);
    const recent = await repo.recentNonces(this.db, 50);
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    const now = this.now();
    return {
      ...range,
      list: rows.map((r) => ({
        network: r.network as RewardNetwork,
        ad_id: r.ad_id,
        ad_name: r.ad_name,
        purpose: r.purpose as RewardPurpose,
        issued: Number(r.issued),
        granted: Number(r.granted),
      })),
      recent: recent.map(
        (r): RewardNonceRow => ({
          nonce: r.nonce,
          user_id: r.user_id,
          purpose: r.purpose as RewardPurpose,
          network: r.network as RewardNetwork,
          ad_id: r.ad_id,
          vod_id: r.vod_id,
          status: shownStatus(r, now),
          duration_s: r.duration_s,
          transaction_id: r.transaction_id,
          created_at: r.created_at.toISOString(),
          started_at: iso(r.started_at),
          granted_at: iso(r.granted_at),
          expires_at: r.expires_at.toISOString(),
        }),
      ),
      networks: { admob_keys_url: this.admobKeysUrl, uniad_configured: this.uniadConfigured },
    };
  }
}
