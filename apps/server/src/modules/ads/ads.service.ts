/**
 * Ads (spec §3 "Ad record", §4 "Pre-roll ad", §5 "Ads show only if the ad switch is on and an active h5 ad exists
 * for the slot with ad_show_type above 0", §6 "VIP ... no ads"; issue 5 item 4, the foundation issue 7 extends).
 *
 * - {@link AdsService.forViewer} (adList): the servable ads of a slot for a viewer. The server decides: VIP viewers
 *   (group_id above 2; an expired VIP has already been moved back to group 2 by `authenticate`) and viewers with
 *   `user_noad_time` (seconds) in the future get an empty list, and so does every viewer while the slot's ad switch
 *   is off ({@link slotSwitchedOn}).
 * - The console's editor: list, create, edit, delete (every field validated by the contract; URLs are http(s) or
 *   site paths only, so no `javascript:` link or image source can be stored).
 *
 * The ad switch lives in the app config's `ads.list` (spec §3 "App config ads {list, showGoogle, showVipAd}"): a
 * slot is switched on when the list names it, as a number (`12`), a numeric string (`"12"`) or an object with
 * `ad_local_type` 12 (and `ad_status` other than 0). An empty list switches every slot off; the demo seed switches
 * slot 12 on. `showGoogle`/`showVipAd` are read by issue 7's ad system (network ads, the 'remove ads with VIP'
 * prompt), not here: VIP viewers never get ads from this call.
 *
 * Hook for issue 7 (free-view quota / rewarded ads / caps): {@link AdsService.setViewerFilter} lets it drop ads per
 * viewer (e.g. `ad_show_num` per day, `ad_show_times` minutes apart) without changing this call.
 */
import type { AdItem, AdminAdBody, AdminAdUpdate, AppConfig } from '@openvod/contract';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import * as repo from './ads.repo.ts';

/** What the ad rules read of a viewer (undefined = a guest). */
export type AdViewer = Pick<UserRow, 'user_id' | 'group_id' | 'user_noad_time'>;

/** Issue 7 hook: narrow the servable ads of a slot for one viewer (caps, rewarded-ad rules). */
export type AdViewerFilter = (ads: AdItem[], viewer: AdViewer | undefined, slot: number) => Promise<AdItem[]>;

const GROUP_MEMBER = 2;

/** True when the viewer must see no ads: VIP (group_id > 2) or ad-free until a future `user_noad_time`. */
export function adFree(viewer: AdViewer | undefined, now: Date): boolean {
  if (!viewer) return false;
  return viewer.group_id > GROUP_MEMBER || viewer.user_noad_time > Math.floor(now.getTime() / 1000);
}

/** Whether the app config's `ads.list` switches `slot` on (see the module comment for the accepted forms). */
export function slotSwitchedOn(ads: AppConfig['ads'] | undefined, slot: number): boolean {
  if (!ads || !Array.isArray(ads.list)) return false;
  return ads.list.some((entry) => {
    if (typeof entry === 'number') return entry === slot;
    if (typeof entry === 'string') return entry.trim() !== '' && Number(entry) === slot;
    if (entry && typeof entry === 'object') {
      const e = entry as Record<string, unknown>;
      return Number(e.ad_local_type) === slot && e.ad_status !== 0 && e.ad_status !== '0';
    }
    return false;
  });
}

/** The API shape of a row; `ad_js_code` only for the console (viewers never receive script code). */
export function toAdItem(row: repo.AdRow, forConsole = false): AdItem {
  return {
    ad_id: row.ad_id,
    ad_name: row.ad_name,
    ad_local_type: row.ad_local_type,
    ad_status: row.ad_status,
    ad_platform_type: row.ad_platform_type,
    ad_type: row.ad_type,
    ad_width: row.ad_width,
    ad_height: row.ad_height,
    ad_show_type: row.ad_show_type,
    ad_show_num: row.ad_show_num,
    ad_show_times: row.ad_show_times,
    ad_pic_url: row.ad_pic_url,
    ad_url: row.ad_url,
    ad_video_url: row.ad_video_url,
    ad_js_code: forConsole ? row.ad_js_code : '',
    ad_uni_id: row.ad_uni_id,
    ad_google_id: row.ad_google_id,
    ad_sort: row.ad_sort,
    ad_closable: row.ad_closable,
    ad_duration: row.ad_duration,
    ad_start_time: row.ad_start_time ? row.ad_start_time.toISOString() : null,
    ad_end_time: row.ad_end_time ? row.ad_end_time.toISOString() : null,
  };
}

function toDate(v: string | null | undefined): Date | null | undefined {
  if (v === undefined) return undefined;
  return v === null ? null : new Date(v);
}

function checkSchedule(start: Date | null | undefined, end: Date | null | undefined) {
  if (start && end && end.getTime() <= start.getTime()) throw badRequest('ad_schedule_order', {}, 'ad_end_time');
}

export interface AdsDeps {
  /** The app config's `ads` object (the switch). */
  adsConfig: () => Promise<AppConfig['ads']>;
}

export class AdsService {
  /** The clock (tests move it). */
  now: () => Date = () => new Date();
  private viewerFilter: AdViewerFilter | undefined;

  constructor(
    private db: Db,
    private deps: AdsDeps,
  ) {}

  /** Issue 7: install the per-viewer filter of {@link AdViewerFilter}. */
  setViewerFilter(filter: AdViewerFilter): void {
    this.viewerFilter = filter;
  }

  /**
   * adList: the ads of `slot` the viewer may be shown now, in `ad_sort` order (spec §5). Empty for VIP and ad-free
   * viewers and while the slot's switch is off.
   */
  async forViewer(slot: number, viewer: AdViewer | undefined): Promise<AdItem[]> {
    const now = this.now();
    if (adFree(viewer, now)) return [];
    if (!slotSwitchedOn(await this.deps.adsConfig(), slot)) return [];
    const ads = (await repo.servableAds(this.db, slot, now)).map((r) => toAdItem(r));
    return this.viewerFilter ? this.viewerFilter(ads, viewer, slot) : ads;
  }

  /** adminListAds: every ad (of one slot), with script code. */
  async adminList(slot?: number): Promise<AdItem[]> {
    return (await repo.listAds(this.db, slot)).map((r) => toAdItem(r, true));
  }

  /** adminCreateAd. Errors: 400 `ad_schedule_order` when the end is not after the start. */
  async create(body: AdminAdBody): Promise<AdItem> {
    const start = toDate(body.ad_start_time) ?? null;
    const end = toDate(body.ad_end_time) ?? null;
    checkSchedule(start, end);
    const row = await repo.insertAd(this.db, { ...body, ad_start_time: start, ad_end_time: end });
    return toAdItem(row, true);
  }

  /** adminUpdateAd. Errors: 404 `ad_not_found`; 400 `ad_schedule_order`. */
  async update(id: number, patch: AdminAdUpdate): Promise<AdItem> {
    const current = await repo.adById(this.db, id);
    if (!current) throw new AppError(404, 1004, 'ad_not_found');
    const start = toDate(patch.ad_start_time);
    const end = toDate(patch.ad_end_time);
    checkSchedule(start === undefined ? current.ad_start_time : start, end === undefined ? current.ad_end_time : end);
    const values: Partial<repo.AdInsert> = { ...patch, ad_start_time: start, ad_end_time: end };
    for (const k of Object.keys(values) as (keyof typeof values)[]) if (values[k] === undefined) delete values[k];
    const row = Object.keys(values).length > 0 ? await repo.updateAd(this.db, id, values) : current;
    if (!row) throw new AppError(404, 1004, 'ad_not_found');
    return toAdItem(row, true);
  }

  /** adminDeleteAd. Errors: 404 `ad_not_found`. */
  async remove(id: number): Promise<void> {
    if (!(await repo.deleteAd(this.db, id))) throw new AppError(404, 1004, 'ad_not_found');
  }
}
