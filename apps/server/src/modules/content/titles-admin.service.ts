/**
 * Console management of titles and categories (spec/calls.md adminListVods ... adminSetTypeBinding): list, read,
 * create and edit titles (rich text sanitised, play columns parsed and re-exported, content/play.ts); categories with
 * their parent rules and the rights new categories get (accounts' group-rights through its service); the collect
 * feeds' category bindings. Every write drops the catalogue's cached answers ({@link ContentService.invalidate}).
 * Errors: 400 with the field for unknown categories or parents, 404 for a missing title or category.
 */
import type { AdminTypeBody, AdminTypeUpdate, AdminVodCreate, AdminVodQuery } from '@openvod/contract';
import { type AdminVodUpdate, ErrorCode, type TypeBinding } from '@openvod/contract';
import type { z } from 'zod';
import { AppError, badRequest } from '../../core/errors.ts';
import { t } from '../../core/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import { plainText, richText, safeUrl } from '../../lib/sanitize.ts';
import { grantNewTypes } from '../accounts/index.ts';
import * as repo from './content.repo.ts';
import type { ContentService } from './content.service.ts';
import { readNewTypeRights } from './content-admin.service.ts';
import { cleanPlayColumns, parsePlay } from './play.ts';

export class TitlesAdminService {
  constructor(
    private db: Db,
    private content: ContentService,
  ) {}

  async listVods(q: z.output<typeof AdminVodQuery>) {
    const type = q.type_id ? await repo.getType(this.db, q.type_id) : undefined;
    const { rows, total } = await repo.listVods(
      this.db,
      {
        include_unpublished: true,
        vod_status: q.vod_status,
        wd: q.wd?.trim() || undefined,
        level: q.vod_level,
        ...(q.level_min !== undefined ? { level_min: q.level_min, level_max: 8 } : {}),
        ...(q.type_id ? { type_id: q.type_id, type_is_top: type?.type_pid === 0 } : {}),
      },
      'time',
      q.page,
      q.limit,
    );
    return {
      list: rows.map((r) => ({ ...repo.toItem(r), vod_status: r.vod_status, vod_lock: r.vod_lock })),
      page: q.page,
      pagecount: Math.max(1, Math.ceil(total / q.limit)),
      limit: q.limit,
      total,
    };
  }

  async getVod(vodId: number) {
    const row = await repo.getVod(this.db, vodId);
    if (!row) throw new AppError(404, ErrorCode.notFound, 'vod_not_found');
    return repo.toDetail(row);
  }

  /**
   * The sanitised columns of a title edit or creation: text through plainText (lengths of the columns), pictures
   * through safeUrl (a non-empty unsafe URL is refused with 400 v_format), content through richText, play data
   * re-parsed (400 play_url_invalid for an unsafe episode URL) and cleaned, category checked (400 type_not_found).
   */
  private async vodColumns(
    body: AdminVodUpdate,
    current: Pick<repo.VodRow, 'vod_play_from' | 'vod_play_server' | 'vod_play_note' | 'vod_play_url'>,
  ): Promise<Partial<repo.VodInsert>> {
    const set: Partial<repo.VodInsert> = {};
    const textLimits: Record<string, number> = {
      vod_name: 255,
      vod_sub: 255,
      vod_en: 255,
      vod_remarks: 100,
      vod_serial: 20,
      vod_class: 255,
      vod_actor: 255,
      vod_director: 255,
      vod_area: 20,
      vod_lang: 10,
      vod_year: 10,
      vod_blurb: 255,
    };
    for (const [field, max] of Object.entries(textLimits)) {
      const v = body[field as keyof AdminVodUpdate];
      if (v !== undefined) (set as Record<string, unknown>)[field] = plainText(v, max);
    }
    if (set.vod_name === '') {
      throw badRequest('validation', { field: 'vod_name', reason: (l) => t(l, 'v_required') }, 'vod_name');
    }
    for (const field of ['vod_pic', 'vod_pic_slide'] as const) {
      const value = body[field];
      if (value === undefined) continue;
      set[field] = safeUrl(value);
      if (value.trim() !== '' && set[field] === '')
        throw badRequest('validation', { field, reason: (l) => t(l, 'v_format') }, field);
    }
    if (body.vod_content !== undefined) set.vod_content = richText(body.vod_content);
    if (set.vod_en !== undefined) {
      const letter = set.vod_en.charAt(0).toUpperCase();
      set.vod_letter = /^[A-Z0-9]$/.test(letter) ? letter : '';
    }
    for (const f of [
      'vod_total',
      'vod_isend',
      'vod_level',
      'vod_status',
      'vod_lock',
      'vod_points_play',
      'vod_points_down',
    ] as const) {
      if (body[f] !== undefined) set[f] = body[f];
    }
    if (body.type_id !== undefined) {
      const type = await repo.getType(this.db, body.type_id);
      if (!type) throw new AppError(400, ErrorCode.validation, 'type_not_found', {}, 'type_id');
      set.type_id = type.type_id;
      set.type_id_1 = type.type_pid === 0 ? type.type_id : type.type_pid;
    }
    const playTouched = ['vod_play_from', 'vod_play_server', 'vod_play_note', 'vod_play_url'].some((k) => k in body);
    if (playTouched) {
      const cols = {
        from: body.vod_play_from ?? current.vod_play_from,
        server: body.vod_play_server ?? current.vod_play_server,
        note: body.vod_play_note ?? current.vod_play_note,
        url: body.vod_play_url ?? current.vod_play_url,
      };
      // The operator typed these: refuse an unsafe URL instead of silently dropping the episode.
      for (const source of parsePlay({
        vod_play_from: cols.from,
        vod_play_server: cols.server,
        vod_play_note: cols.note,
        vod_play_url: cols.url,
      })) {
        const bad = source.episodes.find((e) => safeUrl(e.url, 2048) === '');
        if (bad)
          throw new AppError(
            400,
            ErrorCode.validation,
            'play_url_invalid',
            { sid: source.sid, nid: bad.nid },
            'vod_play_url',
          );
      }
      const play = cleanPlayColumns(cols);
      set.vod_play_from = play.from;
      set.vod_play_server = play.server;
      set.vod_play_note = play.note;
      set.vod_play_url = play.url;
    }
    return set;
  }

  /** Edit a title. Text is sanitised, play data re-parsed and cleaned; the catalogue cache is dropped. */
  async updateVod(vodId: number, body: AdminVodUpdate) {
    const current = await repo.getVod(this.db, vodId);
    if (!current) throw new AppError(404, ErrorCode.notFound, 'vod_not_found');
    const set = await this.vodColumns(body, current);
    if (Object.keys(set).length > 0) {
      set.vod_time = new Date();
      await repo.updateVod(this.db, vodId, set);
      this.content.invalidate();
    }
    return this.getVod(vodId);
  }

  /**
   * Create a title by hand (live channels, issue 4 item 6): name and category required, the other fields as in
   * {@link updateVod} and sanitised the same way. 400 type_not_found, v_required, v_format, play_url_invalid.
   */
  async createVod(body: AdminVodCreate) {
    const empty = { vod_play_from: '', vod_play_server: '', vod_play_note: '', vod_play_url: '' };
    const set = await this.vodColumns(body, empty);
    const vodId = await repo.insertVod(this.db, {
      ...set,
      vod_name: set.vod_name ?? '',
      type_id: set.type_id ?? body.type_id,
    });
    this.content.invalidate();
    return this.getVod(vodId);
  }

  async listTypes() {
    return (await repo.listTypes(this.db, false)).map(repo.toCategory);
  }

  private async checkParent(pid: number, selfId?: number) {
    if (pid === 0) return;
    const parent = await repo.getType(this.db, pid);
    if (parent?.type_pid !== 0 || parent.type_id === selfId) {
      throw new AppError(400, ErrorCode.validation, 'type_parent_invalid', {}, 'type_pid');
    }
  }

  private cleanExtend(ext: Record<string, string | undefined> | undefined) {
    if (!ext) return undefined;
    return Object.fromEntries(
      Object.entries(ext)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [
          k,
          plainText(v, 1000)
            .split(/[,，]+/)
            .map((s) => s.trim())
            .filter(Boolean)
            .join(','),
        ]),
    );
  }

  /**
   * adminCreateType: a new category (parent must be a top category); every group gets the default rights for new
   * categories in the same transaction (catalogue settings `new_type_rights`, accounts/group-rights.ts).
   */
  async createType(body: z.output<typeof AdminTypeBody>) {
    await this.checkParent(body.type_pid);
    // One transaction: the category and the default rights every group gets on it (catalogue settings).
    const row = await this.db.transaction(async (tx) => {
      const created = await repo.insertType(tx, {
        ...body,
        type_name: plainText(body.type_name, 60),
        type_en: plainText(body.type_en, 60),
        type_pic: safeUrl(body.type_pic),
        type_logo: safeUrl(body.type_logo),
        type_extend: this.cleanExtend(body.type_extend) ?? {},
      });
      if (created) await grantNewTypes(tx, [created], await readNewTypeRights(tx));
      return created;
    });
    this.content.invalidate();
    if (!row) throw new Error('category insert returned nothing');
    return repo.toCategory(row);
  }

  async updateType(typeId: number, body: z.output<typeof AdminTypeUpdate>) {
    const current = await repo.getType(this.db, typeId);
    if (!current) throw new AppError(404, ErrorCode.notFound, 'type_not_found');
    if (body.type_pid !== undefined && body.type_pid !== current.type_pid) {
      await this.checkParent(body.type_pid, typeId);
      if (body.type_pid !== 0 && (await repo.countSubTypes(this.db, typeId)) > 0)
        throw new AppError(400, ErrorCode.validation, 'type_parent_invalid', {}, 'type_pid');
    }
    const set: Partial<repo.TypeInsert> = {};
    if (body.type_name !== undefined) set.type_name = plainText(body.type_name, 60);
    if (body.type_en !== undefined) set.type_en = plainText(body.type_en, 60);
    if (body.type_pid !== undefined) set.type_pid = body.type_pid;
    if (body.type_mid !== undefined) set.type_mid = body.type_mid;
    if (body.type_sort !== undefined) set.type_sort = body.type_sort;
    if (body.type_status !== undefined) set.type_status = body.type_status;
    if (body.type_pic !== undefined) set.type_pic = safeUrl(body.type_pic);
    if (body.type_logo !== undefined) set.type_logo = safeUrl(body.type_logo);
    if (body.type_extend !== undefined)
      set.type_extend = { ...current.type_extend, ...this.cleanExtend(body.type_extend) };
    await this.db.transaction(async (tx) => {
      if (Object.keys(set).length) await repo.updateType(tx, typeId, set);
      // Keep the denormalised top category of the titles right.
      if (set.type_pid !== undefined) await repo.setTitlesTop(tx, typeId, set.type_pid === 0 ? typeId : set.type_pid);
    });
    this.content.invalidate();
    const row = await repo.getType(this.db, typeId);
    if (!row) throw new AppError(404, ErrorCode.notFound, 'type_not_found');
    return repo.toCategory(row);
  }

  /** Delete a category that has no sub-categories and no titles (400 type_not_empty otherwise). */
  async deleteType(typeId: number) {
    const current = await repo.getType(this.db, typeId);
    if (!current) throw new AppError(404, ErrorCode.notFound, 'type_not_found');
    await this.db.transaction(async (tx) => {
      const kids = await repo.countSubTypes(tx, typeId);
      const vods = await repo.countTypeVods(tx, typeId);
      if (kids > 0 || vods > 0) throw new AppError(400, ErrorCode.conflict, 'type_not_empty');
      await repo.deleteType(tx, typeId);
    });
    this.content.invalidate();
  }

  async listBindings(): Promise<TypeBinding[]> {
    return repo.listBindings(this.db);
  }

  async setBinding(b: { bind_key: string; remote_type_id: number; local_type_id: number }) {
    const type = await repo.getType(this.db, b.local_type_id);
    if (!type) throw new AppError(400, ErrorCode.validation, 'type_not_found', {}, 'local_type_id');
    await repo.saveBinding(this.db, b);
  }
}
