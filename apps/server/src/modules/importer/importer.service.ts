/**
 * Catalogue import from MacCMS collect feeds (issue 2 §4; research/maccms.md §2 "Collect side").
 *
 * - Sources: a `provide/vod` API base URL (paged through `ac=detail`, `pg=1..pagecount`, optional `h=` hours), a
 *   feed file URL, or feed text (JSON or XML, list or detail).
 * - Every page is fetched and parsed before anything is written; the write is one transaction. A malformed feed
 *   therefore gives a {@link FeedError} and writes nothing.
 * - Remote categories map to local ones through `mac_type_bind` (operator-editable); without a binding a local
 *   category of the same name (or alias in `type_union`) is used, else one is created, and the binding saved. A
 *   created category gets the operator's default rights for new categories in every group (catalogue settings
 *   `new_type_rights`, accounts/group-rights.ts), and the result lists them (`types_new`).
 * - Player codes the titles use (`vod_play_from`) and the players a feed names in its player list join the player
 *   table (content/players.ts: display name, description, order, parse address); the result lists the new ones
 *   (`players_added`). Players the operator already has keep the operator's names.
 * - Titles are identified by (feed key, remote vod_id), else by name + year + top category (the same work from
 *   another feed, or the same file under another name). Re-importing the same data is "unchanged" (sha256 of the
 *   imported fields); changed data updates the title; a title with `vod_lock = 1` is skipped. Local statistics
 *   (hits, score counts) are only taken from the feed when the title is added.
 * - Every text field is sanitised (lib/sanitize.ts).
 * - Points prices `vod_points_play` / `vod_points_down` (research/maccms.md §3 "Access") are imported when the feed
 *   carries them, as whole numbers 0..1,000,000; an unreadable or out-of-range price is imported as 0 (free). The
 *   feed's `vod_points` (one price for both, used by a source site in its per-title mode) is not imported: the feed
 *   does not say which mode the source site is in, and titles here price play and download separately.
 */
import { createHash } from 'node:crypto';
import type { ImportResult, Locale } from '@openvod/contract';
import { DateTime } from 'luxon';
import { t } from '../../core/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import type { macType, macVod } from '../../db/schema/index.ts';
import { safeGetText } from '../../lib/safe-fetch.ts';
import { plainText, richText, safeUrl } from '../../lib/sanitize.ts';
import { grantNewTypes, type NewType } from '../accounts/index.ts';
import { readNewTypeRights } from '../content/content-admin.service.ts';
import { addPlayers, cleanPlayColumns, cleanPlayerCode } from '../content/index.ts';
import { FeedError, type ParsedFeed, parseFeed, type RemoteClass, type RemoteVod } from './feed.ts';
import * as repo from './importer.repo.ts';

export { FeedError } from './feed.ts';

/** Pages of one feed with the key that identifies the feed (bindings and title identity). */
export interface CollectedFeed {
  bindKey: string;
  pages: ParsedFeed[];
}

export interface CollectOptions {
  allowPrivate: boolean;
  /** Only titles updated within the last N hours (`h=`), API URLs only. */
  hours?: number;
  /** Upper bound on pages fetched from an API (default 2000). */
  maxPages?: number;
  /** Upper bound on the bytes of all pages together (default 200 MiB). */
  maxTotalBytes?: number;
  onPage?: (page: number, pagecount: number) => void;
}

/** The key of a feed URL: host and path, without query (so `pg=`/`h=` do not change it). */
export function feedKeyOfUrl(url: string): string {
  const u = new URL(url);
  return `${u.host}${u.pathname}`.slice(0, 255);
}

/** Is this URL a MacCMS `provide` API (to be paged) rather than a single feed file? */
export function isProvideApi(url: string): boolean {
  const u = new URL(url);
  return /\/provide\/vod/i.test(u.pathname) || u.searchParams.has('ac');
}

/** Fetch and parse every page of a feed URL. Throws FeedError/FetchError; writes nothing. */
export async function collectUrl(url: string, opts: CollectOptions): Promise<CollectedFeed> {
  const bindKey = feedKeyOfUrl(url);
  if (!isProvideApi(url)) {
    const { text, contentType } = await safeGetText(url, { allowPrivate: opts.allowPrivate });
    return { bindKey, pages: [parseFeed(text, `${contentType} ${url}`)] };
  }
  const maxPages = opts.maxPages ?? 2000;
  const pageUrl = (pg: number) => {
    const u = new URL(url);
    u.searchParams.set('ac', 'detail');
    u.searchParams.set('pg', String(pg));
    if (opts.hours) u.searchParams.set('h', String(opts.hours));
    return u.toString();
  };
  const pages: ParsedFeed[] = [];
  let pagecount = 1;
  // Everything is held in memory until the single write: bound the whole run, not just each page.
  let budget = opts.maxTotalBytes ?? 200 * 1024 * 1024;
  for (let pg = 1; pg <= pagecount && pg <= maxPages; pg++) {
    const { text, contentType } = await safeGetText(pageUrl(pg), {
      allowPrivate: opts.allowPrivate,
      maxBytes: Math.min(50 * 1024 * 1024, budget),
    });
    budget -= Buffer.byteLength(text);
    let page: ParsedFeed;
    try {
      page = parseFeed(text, `${contentType} ${url}`);
    } catch (err) {
      if (err instanceof FeedError) throw new FeedError(err.key, err.params, pg);
      throw err;
    }
    pages.push(page);
    pagecount = Math.max(1, page.pagecount);
    opts.onPage?.(pg, pagecount);
    if (page.list.length === 0) break;
  }
  return { bindKey, pages };
}

/** Parse feed text (an uploaded or local file). The key is the file's base name. */
export function collectText(content: string, filename: string): CollectedFeed {
  const base = filename.split(/[\\/]/).pop() || 'upload';
  return { bindKey: `file:${base}`.slice(0, 255), pages: [parseFeed(content, filename)] };
}

type VodRow = typeof macVod.$inferInsert;
type TypeRow = typeof macType.$inferSelect;

const CONTENT_TEXT: Array<[keyof VodRow & string, number]> = [
  ['vod_sub', 255],
  ['vod_en', 255],
  ['vod_tag', 100],
  ['vod_actor', 255],
  ['vod_director', 255],
  ['vod_writer', 100],
  ['vod_remarks', 100],
  ['vod_pubdate', 100],
  ['vod_serial', 20],
  ['vod_area', 20],
  ['vod_lang', 10],
  ['vod_version', 30],
  ['vod_state', 30],
  ['vod_duration', 10],
];

function toInt(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(String(value ?? ''), 10);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}

/** Highest points price the console accepts (contract `AdminVodUpdate.vod_points_play`). */
const MAX_POINTS = 1_000_000;

/**
 * A MacCMS points price (`vod_points_play` / `vod_points_down`, research/maccms.md §1 "paid", §3 "Access"): a
 * whole number 0..{@link MAX_POINTS}, sent as a number or a digit string (live detail feeds send numbers, but feeds
 * carry numbers as strings elsewhere). Anything else (negative, fractional, "abc", null, too large) is 0 = free:
 * a price the feed does not state clearly is not charged.
 */
export function toPoints(value: unknown): number {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : -1;
  return Number.isSafeInteger(n) && n >= 0 && n <= MAX_POINTS ? n : 0;
}

function toScore(value: unknown): string {
  const n = Number.parseFloat(String(value ?? ''));
  if (!Number.isFinite(n)) return '0.0';
  return Math.min(10, Math.max(0, n)).toFixed(1);
}

/** "Y-m-d H:i:s" in the operator's zone, unix seconds, or ISO 8601; `fallback` when unreadable. */
export function parseFeedTime(value: unknown, timeZone: string, fallback: Date): Date {
  const s = String(value ?? '').trim();
  if (/^\d{9,11}$/.test(s)) return new Date(Number(s) * 1000);
  const local = DateTime.fromFormat(s, 'yyyy-MM-dd HH:mm:ss', { zone: timeZone });
  if (local.isValid) return local.toJSDate();
  const iso = DateTime.fromISO(s, { zone: timeZone });
  return iso.isValid ? iso.toJSDate() : fallback;
}

function cleanPlay(item: RemoteVod, prefix: 'vod_play' | 'vod_down') {
  return cleanPlayColumns({
    from: String(item[`${prefix}_from`] ?? ''),
    server: String(item[`${prefix}_server`] ?? ''),
    note: String(item[`${prefix}_note`] ?? ''),
    url: String(item[`${prefix}_url`] ?? ''),
  });
}

function normaliseList(value: unknown, max: number): string {
  return plainText(value, 1000)
    .split(/[,，、/|]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',')
    .slice(0, max);
}

/** Map a remote item to the title columns that an import sets (content, not local statistics). */
export function mapContent(item: RemoteVod, timeZone: string, now: Date): Partial<VodRow> {
  const row: Partial<VodRow> = { vod_name: plainText(item.vod_name, 255) };
  for (const [field, max] of CONTENT_TEXT)
    if (item[field] !== undefined) (row as Record<string, unknown>)[field] = plainText(item[field], max);
  row.vod_class = normaliseList(item.vod_class, 255);
  // Area and language are comma lists too ("美国,英国"): the viewer's filters match one item of them.
  if (item.vod_area !== undefined) row.vod_area = normaliseList(item.vod_area, 20);
  if (item.vod_lang !== undefined) row.vod_lang = normaliseList(item.vod_lang, 10);
  const year = plainText(item.vod_year, 10).match(/\d{4}/);
  row.vod_year = year ? year[0] : '';
  const en = row.vod_en ?? '';
  const letter = plainText(item.vod_letter, 1).toUpperCase() || en.charAt(0).toUpperCase();
  row.vod_letter = /^[A-Z0-9]$/.test(letter) ? letter : '';
  row.vod_pic = safeUrl(item.vod_pic);
  row.vod_pic_thumb = safeUrl(item.vod_pic_thumb);
  row.vod_pic_slide = safeUrl(item.vod_pic_slide);
  row.vod_content = richText(item.vod_content);
  row.vod_blurb = plainText(item.vod_blurb, 255) || plainText(row.vod_content, 255);
  row.vod_total = toInt(item.vod_total, 0, 100000, 0);
  row.vod_isend = toInt(item.vod_isend, 0, 1, 1);
  row.vod_level = toInt(item.vod_level, 0, 9, 0);
  row.vod_douban_id = toInt(item.vod_douban_id, 0, 2_000_000_000, 0);
  row.vod_score = toScore(item.vod_score);
  // Prices are set only when the feed carries them (detail JSON does; list responses and XML never do), so such
  // feeds leave a title's prices as they are and their content hash is what it was before prices were imported.
  for (const field of ['vod_points_play', 'vod_points_down'] as const)
    if (item[field] !== undefined) row[field] = toPoints(item[field]);
  // Without a time in the feed the title keeps its own (insert: now), so re-imports stay "unchanged".
  if (String(item.vod_time ?? '').trim() !== '') row.vod_time = parseFeedTime(item.vod_time, timeZone, now);
  if (item.vod_play_url !== undefined) {
    const play = cleanPlay(item, 'vod_play');
    row.vod_play_from = play.from;
    row.vod_play_server = play.server;
    row.vod_play_note = play.note;
    row.vod_play_url = play.url;
  }
  // List responses name the players only (no URLs): the title keeps its play data until a detail import.
  if (item.vod_down_url !== undefined) {
    const down = cleanPlay(item, 'vod_down');
    row.vod_down_from = down.from;
    row.vod_down_server = down.server;
    row.vod_down_note = down.note;
    row.vod_down_url = down.url;
  }
  return row;
}

function hashOf(row: Partial<VodRow>): string {
  const copy: Record<string, unknown> = { ...row };
  copy.vod_time = row.vod_time instanceof Date ? row.vod_time.toISOString() : row.vod_time;
  const keys = Object.keys(copy).sort();
  return createHash('sha256')
    .update(JSON.stringify(keys.map((k) => [k, copy[k]])))
    .digest('hex');
}

/** Resolves remote category ids to local ones, creating categories and bindings as needed (inside the tx). */
class TypeResolver {
  /** Categories created in this run, in creation order. */
  created: NewType[] = [];
  private resolved = new Map<number, number | null>();
  private constructor(
    private tx: Db,
    private bindKey: string,
    private types: TypeRow[],
    private bindings: Map<number, number>,
    private classes: Map<number, RemoteClass>,
  ) {}

  static async load(tx: Db, bindKey: string, classes: RemoteClass[]): Promise<TypeResolver> {
    return new TypeResolver(
      tx,
      bindKey,
      await repo.allTypes(tx),
      await repo.bindingsOf(tx, bindKey),
      new Map(classes.map((c) => [c.type_id, c])),
    );
  }

  topOf(localId: number): number {
    const t = this.types.find((x) => x.type_id === localId);
    return t && t.type_pid !== 0 ? t.type_pid : localId;
  }

  async resolve(remoteId: number, fallbackName: string, depth = 0): Promise<number | null> {
    if (this.resolved.has(remoteId)) return this.resolved.get(remoteId) ?? null;
    const bound = this.bindings.get(remoteId);
    if (bound !== undefined && this.types.some((t) => t.type_id === bound)) {
      this.resolved.set(remoteId, bound);
      return bound;
    }
    const rc = this.classes.get(remoteId);
    const name = plainText(rc?.type_name ?? fallbackName, 60);
    if (name === '') {
      this.resolved.set(remoteId, null);
      return null;
    }
    let parent = 0;
    if (rc && rc.type_pid > 0 && rc.type_pid !== remoteId && depth < 3) {
      parent = (await this.resolve(rc.type_pid, '', depth + 1)) ?? 0;
      if (parent) parent = this.topOf(parent);
    }
    const matches = this.types.filter(
      (t) =>
        t.type_name === name ||
        t.type_union
          .split(',')
          .map((s) => s.trim())
          .includes(name),
    );
    let local = matches.find((t) => t.type_pid === parent) ?? matches[0];
    if (!local) {
      const sort =
        Math.max(0, ...this.types.filter((t) => t.type_pid === parent && t.type_sort < 999).map((t) => t.type_sort)) +
        1;
      const row = await repo.insertType(this.tx, { type_name: name, type_pid: parent, type_sort: sort });
      this.types.push(row);
      this.created.push({ type_id: row.type_id, type_name: row.type_name, type_pid: row.type_pid });
      local = row;
    }
    await repo.saveBinding(this.tx, {
      bind_key: this.bindKey,
      remote_type_id: remoteId,
      remote_type_name: name,
      local_type_id: local.type_id,
    });
    this.bindings.set(remoteId, local.type_id);
    this.resolved.set(remoteId, local.type_id);
    return local.type_id;
  }
}

/**
 * A title from another feed (or the same feed under another file name) that is the same work: same name, year and
 * top category (MacCMS collect merges by name and year). Titles already matched in this run are not reused.
 */
async function sameTitle(
  tx: Db,
  content: Partial<VodRow>,
  bindKey: string,
  claimed: Set<number>,
): Promise<repo.ImportedTitle | undefined> {
  const rows = await repo.titlesByNameYearTop(
    tx,
    content.vod_name ?? '',
    content.vod_year ?? '',
    content.type_id_1 ?? 0,
  );
  return rows.find((r) => r.key !== bindKey && !claimed.has(r.vod_id));
}

/** Advisory lock key of imports ("OVIM"). */
export const IMPORT_LOCK_KEY = 0x4f56494d;

/** Why a title was skipped: a message key (core/i18n/messages.ts), translated by {@link localiseResult}. */
export type SkipReason = 'skip_locked' | 'skip_no_category' | 'skip_empty_name';

/** An import's counts with untranslated skip reasons. */
export interface ImportCounts extends Omit<ImportResult, 'skipped'> {
  skipped: Array<{ vod_name: string; reason: SkipReason }>;
}

/** The counts with skip reasons in `locale` (the console's or CLI's language). */
export function localiseResult(result: ImportCounts, locale: Locale): ImportResult {
  return { ...result, skipped: result.skipped.map((s) => ({ vod_name: s.vod_name, reason: t(locale, s.reason) })) };
}

export interface ImportOptions {
  timeZone: string;
  now?: Date;
}

/**
 * Write collected feeds in one transaction. Returns the counts; nothing is written if anything throws.
 * The same remote vod_id appearing twice in one run counts once (the last occurrence wins).
 */
export async function importCollected(db: Db, feed: CollectedFeed, opts: ImportOptions): Promise<ImportCounts> {
  const now = opts.now ?? new Date();
  const items = new Map<string, RemoteVod>();
  for (const page of feed.pages) for (const item of page.list) items.set(item.vod_id, item);
  const classes = feed.pages.flatMap((p) => p.classes);
  const result: ImportCounts = {
    added: 0,
    updated: 0,
    unchanged: 0,
    skipped: [],
    types_created: 0,
    types_new: [],
    players_added: [],
    pages: feed.pages.length,
  };
  await db.transaction(async (tx) => {
    // Imports are serialised (PostgreSQL): two at once would race on new categories and the title identity index.
    await repo.lockImports(tx, IMPORT_LOCK_KEY);
    const types = await TypeResolver.load(tx, feed.bindKey, classes);
    const existing = await repo.titlesBySource(tx, feed.bindKey, [...items.keys()]);
    const claimed = new Set<number>();
    for (const item of items.values()) {
      const name = plainText(item.vod_name, 255);
      const typeId = await types.resolve(item.type_id, String(item.type_name ?? ''));
      if (!typeId) {
        result.skipped.push({
          vod_name: name,
          reason: 'skip_no_category',
        });
        continue;
      }
      if (name === '') {
        result.skipped.push({ vod_name: String(item.vod_id), reason: 'skip_empty_name' });
        continue;
      }
      const content = { ...mapContent(item, opts.timeZone, now), type_id: typeId, type_id_1: types.topOf(typeId) };
      const hash = hashOf(content);
      const prev = existing.get(item.vod_id) ?? (await sameTitle(tx, content, feed.bindKey, claimed));
      if (prev) {
        claimed.add(prev.vod_id);
        if (prev.vod_lock === 1) {
          result.skipped.push({ vod_name: name, reason: 'skip_locked' });
        } else if (prev.vod_import_hash === hash) {
          result.unchanged++;
        } else {
          await repo.updateTitle(tx, prev.vod_id, { ...content, vod_import_hash: hash });
          result.updated++;
        }
        continue;
      }
      await repo.insertTitle(tx, {
        ...content,
        vod_name: name,
        vod_hits: toInt(item.vod_hits, 0, 2_000_000_000, 0),
        vod_hits_day: toInt(item.vod_hits_day, 0, 2_000_000_000, 0),
        vod_hits_week: toInt(item.vod_hits_week, 0, 2_000_000_000, 0),
        vod_hits_month: toInt(item.vod_hits_month, 0, 2_000_000_000, 0),
        vod_up: toInt(item.vod_up, 0, 2_000_000_000, 0),
        vod_down: toInt(item.vod_down, 0, 2_000_000_000, 0),
        vod_score_all: toInt(item.vod_score_all, 0, 2_000_000_000, 0),
        vod_score_num: toInt(item.vod_score_num, 0, 2_000_000_000, 0),
        vod_time_add: now,
        vod_source_key: feed.bindKey,
        vod_source_id: item.vod_id,
        vod_import_hash: hash,
      });
      result.added++;
    }
    // Players: the codes the titles use and those the feed names join the player table (content/players.ts).
    const declared = feed.pages.flatMap((p) => p.players ?? []);
    const used = [...items.values()].flatMap((item) =>
      String(item.vod_play_from ?? '')
        .split(/\$\$\$|,/)
        .map((code) => ({ from: cleanPlayerCode(code) })),
    );
    const added = await addPlayers(tx, [...declared, ...used]);
    result.players_added = added.map((p) => ({ from: p.from, show: p.show }));
    result.types_created = types.created.length;
    // New categories get the operator's default rights (catalogue settings), else nobody could open them.
    const granted = await grantNewTypes(tx, types.created, await readNewTypeRights(tx));
    result.types_new = granted;
  });
  return result;
}
