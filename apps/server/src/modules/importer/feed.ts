/**
 * Parsing of MacCMS v10 collect-API responses (`api.php/provide/vod`, research/maccms.md §2): JSON and XML
 * (`at=xml`), list (`ac=list`) and detail (`ac=detail`/`videolist`) responses.
 *
 * JSON: `{code:1, msg, page, pagecount, limit (often a string), total, list:[{vod_*...}], class:[{type_id, type_pid,
 * type_name}]}`; numbers may come as strings. XML: `<rss><list page pagecount pagesize recordcount><video>` with
 * `id, tid, name, type, pic, lang, area, year, state, note, actor, director, des, last, dt` and
 * `<dl><dd flag|from="code">eps</dd></dl>`; `<class><ty id>name</ty></class>`. Both may carry a player list
 * ({@link RemotePlayer}: the codes of `vod_play_from` with the names viewers see).
 *
 * Errors: {@link FeedError} with a message that says what is wrong (not a feed, API closed, bad item...).
 */
import { XMLParser } from 'fast-xml-parser';
import type { FeedKey } from '../../core/i18n/feed-messages.ts';
import { t } from '../../core/i18n/messages.ts';

/** One remote title with MacCMS field names; values are raw (unsanitised) strings or numbers. */
export type RemoteVod = Record<string, unknown> & { vod_id: string; vod_name: string; type_id: number };

/** A remote category. `type_pid` is -1 when the feed does not say (XML). */
export interface RemoteClass {
  type_id: number;
  type_pid: number;
  type_name: string;
}

/**
 * A player the feed names (MacCMS `vodplayer` fields): JSON `player` (or `vodplayer`) list of
 * `{from, show, des, sort, parse}` objects or bare codes; XML `<player><pl from sort des parse>show</pl></player>`.
 * Values are raw (unsanitised); the importer cleans them (content/players.ts).
 */
export interface RemotePlayer {
  from: string;
  show?: string;
  des?: string;
  sort?: number;
  parse?: string;
}

export interface ParsedFeed {
  page: number;
  pagecount: number;
  total: number;
  list: RemoteVod[];
  classes: RemoteClass[];
  /** Players the feed names in a player list (not those only used in `vod_play_from`). */
  players: RemotePlayer[];
  /** Whether items carry play data (detail response) or only list fields. */
  detail: boolean;
}

/** A feed problem with a translatable message key; `message` is the English text (logs, CLI). */
export class FeedError extends Error {
  override name = 'FeedError';
  constructor(
    public key: FeedKey,
    public params: Record<string, string | number> = {},
    /** Page of a paged API the problem was found on. */
    public page?: number,
  ) {
    super((page ? t('en-us', 'feed_page', { page }) : '') + t('en-us', key, params));
  }
}

/** An integer id or count; values outside PostgreSQL's `integer` range give `fallback` (never reach the database). */
function int(value: unknown, fallback = 0): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isSafeInteger(n) && n >= -2_147_483_648 && n <= 2_147_483_647 ? n : fallback;
}

function str(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('#text' in v) return str(v['#text']);
    return '';
  }
  return String(value);
}

/** Parse a feed's text; `hint` (a filename or content type) only breaks ties. */
export function parseFeed(text: string, hint = ''): ParsedFeed {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (body === '') throw new FeedError('feed_empty');
  if (body === 'closed') throw new FeedError('feed_closed');
  if (body.startsWith('<') || /xml/i.test(hint)) return parseXmlFeed(body);
  if (body.startsWith('{')) return parseJsonFeed(body);
  throw new FeedError('feed_not_json_xml');
}

function validItem(item: Record<string, unknown>, index: number): RemoteVod {
  const vodId = str(item.vod_id).trim();
  const name = str(item.vod_name).trim();
  if (!/^[\w-]{1,64}$/.test(vodId)) throw new FeedError('feed_item_id', { n: index + 1 });
  if (name === '') throw new FeedError('feed_item_name', { n: index + 1, id: vodId });
  return { ...item, vod_id: vodId, vod_name: name, type_id: int(item.type_id) };
}

function parseJsonFeed(body: string): ParsedFeed {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch (err) {
    throw new FeedError('feed_bad_json', { detail: (err as Error).message });
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new FeedError('feed_missing', { what: '{...}' });
  const d = doc as Record<string, unknown>;
  if (d.code !== undefined && int(d.code, -1) !== 1) {
    throw new FeedError('feed_api_code', { code: str(d.code), msg: str(d.msg) || '-' });
  }
  if (!Array.isArray(d.list)) throw new FeedError('feed_missing', { what: '"list"' });
  const list = d.list.map((item, i) => {
    if (typeof item !== 'object' || item === null) throw new FeedError('feed_item_object', { n: i + 1 });
    return validItem(item as Record<string, unknown>, i);
  });
  const classes: RemoteClass[] = Array.isArray(d.class)
    ? d.class
        .filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null)
        .map((c) => ({ type_id: int(c.type_id), type_pid: int(c.type_pid, 0), type_name: str(c.type_name).trim() }))
        .filter((c) => c.type_id > 0 && c.type_name !== '')
    : [];
  const detail = list.some((v) => 'vod_play_url' in v);
  const playerList = Array.isArray(d.player) ? d.player : Array.isArray(d.vodplayer) ? d.vodplayer : [];
  const players: RemotePlayer[] = playerList
    .map((p): RemotePlayer | undefined => {
      if (typeof p === 'string' || typeof p === 'number') return { from: String(p) };
      if (typeof p !== 'object' || p === null) return undefined;
      const o = p as Record<string, unknown>;
      const sort = Number.parseInt(str(o.sort), 10);
      return {
        from: str(o.from ?? o.code),
        show: str(o.show ?? o.name),
        des: str(o.des),
        sort: Number.isSafeInteger(sort) ? sort : undefined,
        parse: str(o.parse),
      };
    })
    .filter((p): p is RemotePlayer => p !== undefined && p.from.trim() !== '');
  return {
    page: int(d.page, 1),
    pagecount: int(d.pagecount, 1),
    total: int(d.total, list.length),
    list,
    classes,
    players,
    detail,
  };
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ['video', 'dd', 'ty', 'type', 'dl', 'pl'].includes(name),
  processEntities: true,
});

function parseXmlFeed(body: string): ParsedFeed {
  let doc: Record<string, unknown>;
  try {
    doc = xml.parse(body, true) as Record<string, unknown>;
  } catch (err) {
    const e = err as { err?: { msg?: string }; message?: string };
    throw new FeedError('feed_bad_xml', { detail: e.err?.msg ?? e.message ?? 'parse error' });
  }
  const rss = doc.rss as Record<string, unknown> | undefined;
  if (!rss || typeof rss !== 'object') throw new FeedError('feed_missing', { what: '<rss>' });
  const listNode = (rss.list ?? {}) as Record<string, unknown>;
  if (typeof listNode !== 'object') throw new FeedError('feed_missing', { what: '<list>' });
  const videos = (listNode.video ?? []) as Record<string, unknown>[];
  let detail = false;
  const list = videos.map((v, i) => {
    const types = ((v.type ?? []) as unknown[]).map(str).filter((t) => t !== '' && !/^_\d+$/.test(t));
    const item: Record<string, unknown> = {
      vod_id: str(v.id),
      vod_name: str(v.name),
      type_id: str(v.tid),
      type_name: types[0] ?? '',
      vod_time: str(v.last),
      vod_remarks: str(v.note),
    };
    const optional: Record<string, string> = {
      pic: 'vod_pic',
      lang: 'vod_lang',
      area: 'vod_area',
      year: 'vod_year',
      actor: 'vod_actor',
      director: 'vod_director',
      des: 'vod_content',
      en: 'vod_en',
    };
    for (const [tag, field] of Object.entries(optional)) if (v[tag] !== undefined) item[field] = str(v[tag]);
    if (v.state !== undefined && /^\d+$/.test(str(v.state))) item.vod_serial = str(v.state);
    if (v.dt !== undefined) item.vod_play_from = str(v.dt).split(',').join('$$$');
    const dls = (v.dl ?? []) as Record<string, unknown>[];
    const dds = dls.flatMap((dl) => (typeof dl === 'object' && dl ? ((dl.dd ?? []) as unknown[]) : []));
    if (dds.length > 0) {
      detail = true;
      item.vod_play_from = dds
        .map((dd) => str((dd as Record<string, unknown>)['@_flag'] ?? (dd as Record<string, unknown>)['@_from']))
        .join('$$$');
      item.vod_play_url = dds.map((dd) => str(dd)).join('$$$');
    }
    return validItem(item, i);
  });
  const classNode = (rss.class ?? {}) as Record<string, unknown>;
  const classes: RemoteClass[] = ((classNode.ty ?? []) as unknown[])
    .map((ty) => ({ type_id: int((ty as Record<string, unknown>)['@_id']), type_pid: -1, type_name: str(ty).trim() }))
    .filter((c) => c.type_id > 0 && c.type_name !== '');
  const playerNode = (rss.player ?? {}) as Record<string, unknown>;
  const players: RemotePlayer[] = ((typeof playerNode === 'object' ? (playerNode.pl ?? []) : []) as unknown[])
    .map((pl) => {
      const o = (typeof pl === 'object' && pl ? pl : {}) as Record<string, unknown>;
      const sort = Number.parseInt(str(o['@_sort']), 10);
      return {
        from: str(o['@_from'] ?? o['@_flag']),
        show: str(pl),
        des: str(o['@_des']),
        sort: Number.isSafeInteger(sort) ? sort : undefined,
        parse: str(o['@_parse']),
      };
    })
    .filter((p) => p.from.trim() !== '');
  return {
    page: int(listNode['@_page'], 1),
    pagecount: int(listNode['@_pagecount'], 1),
    total: int(listNode['@_recordcount'], list.length),
    list,
    classes,
    players,
    detail,
  };
}
