/**
 * Console side of the issue 4 catalogue (item 6): special topics, catalogue settings (special category ids, hot
 * search words, the rights new categories get: `new_type_rights`, used by the importer and the console's category
 * creation through accounts/group-rights.ts) and day covers. Text is sanitised (plainText / richText / safeUrl, lib/sanitize.ts); every write
 * drops the viewer cache ({@link ContentService.invalidate}).
 *
 * Errors: 404 topic_not_found / day_cover_not_found; 400 topic_vod_unknown (a title id that does not exist, field
 * `vod_ids`), type_not_found (a special id that is not a category, field `special.<key>`), date_invalid (not a real
 * calendar date, field `date`), validation v_format (an unsafe picture or link URL).
 */
import {
  type AdminTopicBody,
  type AdminTopicUpdate,
  type CatalogueSettings,
  type CatalogueSettingsUpdate,
  type DayCover,
  type DayCoverBody,
  DEFAULT_NEW_TYPE_RIGHTS,
  ErrorCode,
  NewTypeRights,
  type Player,
  type PlayerBody,
  type SpecialTypes,
  type Topic,
} from '@openvod/contract';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { AppError, badRequest } from '../../core/errors.ts';
import { t } from '../../core/i18n/messages.ts';
import { getSettings, setSetting } from '../../core/settings.ts';
import type { Db } from '../../db/client.ts';
import { plainText, richText, safeUrl } from '../../lib/sanitize.ts';
import * as cat from './catalogue.repo.ts';
import { SPECIAL_KEYS } from './catalogue-cache.ts';
import * as repo from './content.repo.ts';
import type { ContentService } from './content.service.ts';
import * as players from './players.ts';
import { HOT_SEARCH_KEY, normaliseSearchWord } from './search.ts';

/** A URL field: '' stays '', anything else must pass safeUrl (400 v_format otherwise). */
function urlField(value: string, field: string): string {
  const url = safeUrl(value);
  if (value.trim() !== '' && url === '') {
    throw badRequest('validation', { field, reason: (l) => t(l, 'v_format') }, field);
  }
  return url;
}

/** `YYYY-MM-DD` that is a real calendar date; 400 date_invalid otherwise. */
export function checkDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !DateTime.fromISO(date).isValid) {
    throw new AppError(400, ErrorCode.validation, 'date_invalid', {}, 'date');
  }
  return date;
}

/** Setting key of the rights new categories get (catalogue settings `new_type_rights`). */
export const NEW_TYPE_RIGHTS_KEY = 'new_type_rights';

/**
 * The rights a new category gets per kind of group (contract NewTypeRights): the operator's setting, else
 * {@link DEFAULT_NEW_TYPE_RIGHTS}. Takes `db` or `tx` (the importer reads it inside its transaction).
 */
export async function readNewTypeRights(db: Db): Promise<NewTypeRights> {
  const value = (await getSettings(db, [NEW_TYPE_RIGHTS_KEY]))[NEW_TYPE_RIGHTS_KEY];
  const parsed = NewTypeRights.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_NEW_TYPE_RIGHTS;
}

const cleanRights = (list: number[]) => [...new Set(list)].sort((a, b) => a - b);

export class ContentAdminService {
  constructor(
    private db: Db,
    private content: ContentService,
  ) {}

  /** adminListTopics: every topic (published or not) by `topic_sort`, then id. */
  async listTopics(): Promise<Topic[]> {
    return (await cat.listTopics(this.db, { all: true })).map(cat.toTopic);
  }

  private async topicColumns(body: z.output<typeof AdminTopicUpdate>): Promise<Partial<cat.TopicInsert>> {
    const set: Partial<cat.TopicInsert> = {};
    if (body.topic_name !== undefined) {
      set.topic_name = plainText(body.topic_name, 255);
      if (set.topic_name === '') {
        throw badRequest('validation', { field: 'topic_name', reason: (l) => t(l, 'v_required') }, 'topic_name');
      }
    }
    if (body.topic_en !== undefined) set.topic_en = plainText(body.topic_en, 255);
    if (body.topic_sub !== undefined) set.topic_sub = plainText(body.topic_sub, 255);
    if (body.topic_blurb !== undefined) set.topic_blurb = plainText(body.topic_blurb, 255);
    if (body.topic_content !== undefined) set.topic_content = richText(body.topic_content);
    if (body.topic_pic !== undefined) set.topic_pic = urlField(body.topic_pic, 'topic_pic');
    if (body.topic_pic_slide !== undefined) set.topic_pic_slide = urlField(body.topic_pic_slide, 'topic_pic_slide');
    if (body.topic_status !== undefined) set.topic_status = body.topic_status;
    if (body.topic_sort !== undefined) set.topic_sort = body.topic_sort;
    if (body.topic_level !== undefined) set.topic_level = body.topic_level;
    if (body.vod_ids !== undefined) {
      const ids = [...new Set(body.vod_ids)];
      const found = await cat.existingIds(this.db, ids);
      const unknown = ids.filter((id) => !found.has(id));
      if (unknown.length) {
        throw new AppError(400, ErrorCode.validation, 'topic_vod_unknown', { ids: unknown.join(', ') }, 'vod_ids');
      }
      set.topic_rel_vod = ids.join(',');
    }
    return set;
  }

  /** adminCreateTopic: a new topic; `vod_ids` (ordered) must all exist. */
  async createTopic(body: z.output<typeof AdminTopicBody>): Promise<Topic> {
    const set = await this.topicColumns(body);
    const row = await cat.insertTopic(this.db, { ...set, topic_name: set.topic_name ?? '' });
    this.content.invalidate();
    return cat.toTopic(row);
  }

  /** adminUpdateTopic: change fields and/or the ordered title list. 404 topic_not_found. */
  async updateTopic(topicId: number, body: z.output<typeof AdminTopicUpdate>): Promise<Topic> {
    if (!(await cat.getTopic(this.db, topicId))) throw new AppError(404, ErrorCode.notFound, 'topic_not_found');
    const set = await this.topicColumns(body);
    if (Object.keys(set).length) {
      set.topic_time = new Date();
      await cat.updateTopic(this.db, topicId, set);
      this.content.invalidate();
    }
    const row = await cat.getTopic(this.db, topicId);
    if (!row) throw new AppError(404, ErrorCode.notFound, 'topic_not_found');
    return cat.toTopic(row);
  }

  /** adminDeleteTopic. 404 topic_not_found. */
  async deleteTopic(topicId: number): Promise<void> {
    if (!(await cat.deleteTopic(this.db, topicId))) throw new AppError(404, ErrorCode.notFound, 'topic_not_found');
    this.content.invalidate();
  }

  /** adminGetCatalogueSettings: the configured special ids (0 = found by type_sort) and the operator's hot words. */
  async settings(): Promise<CatalogueSettings> {
    const keys = SPECIAL_KEYS.map(([k]) => k);
    const values = await getSettings(this.db, [...keys, HOT_SEARCH_KEY]);
    const special = Object.fromEntries(keys.map((k) => [k, Number(values[k] ?? 0) || 0])) as SpecialTypes;
    const hot = values[HOT_SEARCH_KEY];
    return {
      special,
      hot_search: Array.isArray(hot) ? hot.map(String) : [],
      new_type_rights: await readNewTypeRights(this.db),
    };
  }

  /**
   * adminUpdateCatalogueSettings: each given special id must be 0 or an existing category (400 type_not_found, field
   * `special.<key>`); hot words are cleaned like searched words (at most 32 characters), blanks and repeats dropped.
   */
  async updateSettings(body: z.output<typeof CatalogueSettingsUpdate>): Promise<CatalogueSettings> {
    const writes: Array<[string, unknown]> = [];
    for (const [key, value] of Object.entries(body.special ?? {})) {
      if (value === undefined) continue;
      if (value !== 0 && !(await repo.getType(this.db, value))) {
        throw new AppError(400, ErrorCode.validation, 'type_not_found', {}, `special.${key}`);
      }
      writes.push([key, value]);
    }
    if (body.hot_search !== undefined) {
      const words = body.hot_search.map((w) => normaliseSearchWord(plainText(w, 64))).filter(Boolean);
      writes.push([HOT_SEARCH_KEY, [...new Set(words)]]);
    }
    if (body.new_type_rights !== undefined) {
      const r = body.new_type_rights;
      writes.push([
        NEW_TYPE_RIGHTS_KEY,
        { guest: cleanRights(r.guest), member: cleanRights(r.member), vip: cleanRights(r.vip) },
      ]);
    }
    await this.db.transaction(async (tx) => {
      for (const [key, value] of writes) await setSetting(tx, key, value);
    });
    this.content.invalidate();
    return this.settings();
  }

  /** adminListPlayers: the player table by order, then code (players.ts). */
  async listPlayers(): Promise<Player[]> {
    return players.readPlayers(this.db);
  }

  /** adminSavePlayer: create or replace the player `from` (400 validation for a code that cleans to nothing). */
  async savePlayer(from: string, body: z.output<typeof PlayerBody>): Promise<Player> {
    const saved = await players.savePlayer(this.db, { ...body, from });
    if (!saved) throw badRequest('validation', { field: 'from', reason: (l) => t(l, 'v_required') }, 'from');
    this.content.invalidate();
    return saved;
  }

  /** adminDeletePlayer: 404 player_not_found when the code is not in the table. */
  async deletePlayer(from: string): Promise<void> {
    if (!(await players.deletePlayer(this.db, from))) throw new AppError(404, ErrorCode.notFound, 'player_not_found');
    this.content.invalidate();
  }

  /** The operator's calendar day (YYYY-MM-DD, TZ) of the content clock: adminListDayCovers' `today`. */
  today(): string {
    return this.content.today();
  }

  /** adminListDayCovers: newest date first. */
  async listDayCovers(): Promise<DayCover[]> {
    return (await cat.listDayCovers(this.db)).map((r) => ({
      cover_date: r.cover_date,
      cover_pic: r.cover_pic,
      cover_title: r.cover_title,
      cover_link: r.cover_link,
    }));
  }

  /** adminSetDayCover: set (or replace) the cover of a real date. 400 date_invalid, v_format. */
  async setDayCover(date: string, body: z.output<typeof DayCoverBody>): Promise<void> {
    checkDate(date);
    const pic = urlField(body.cover_pic, 'cover_pic');
    if (pic === '') {
      throw badRequest('validation', { field: 'cover_pic', reason: (l) => t(l, 'v_required') }, 'cover_pic');
    }
    const values = {
      cover_pic: pic,
      cover_title: plainText(body.cover_title, 255),
      cover_link: urlField(body.cover_link, 'cover_link'),
      updated_at: new Date(),
    };
    await cat.saveDayCover(this.db, date, values);
    this.content.invalidate();
  }

  /** adminDeleteDayCover. 400 date_invalid, 404 day_cover_not_found. */
  async deleteDayCover(date: string): Promise<void> {
    checkDate(date);
    if (!(await cat.deleteDayCover(this.db, date))) {
      throw new AppError(404, ErrorCode.notFound, 'day_cover_not_found');
    }
    this.content.invalidate();
  }
}
