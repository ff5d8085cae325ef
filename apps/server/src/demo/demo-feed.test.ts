import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_FEED_PATH, DEMO_SPECIAL_TITLES, DEMO_URL_PREFIX, LIVE_URL_PREFIX } from './demo-media.ts';
import { DEMO_LIVE_CHANNEL } from './live-demo.ts';

interface Item {
  vod_id: number;
  type_id: number;
  type_id_1: number;
  type_name: string;
  vod_name: string;
  vod_en: string;
  vod_sub: string;
  vod_pic: string;
  vod_pic_slide: string;
  vod_year: string;
  vod_time: string;
  vod_score: string;
  vod_level: number;
  vod_class: string;
  vod_area: string;
  vod_lang: string;
  vod_remarks: string;
  vod_blurb: string;
  vod_content: string;
  vod_actor: string;
  vod_director: string;
  vod_letter: string;
  vod_isend: number;
  vod_serial: string;
  vod_total: number;
  vod_hits: number;
  vod_hits_day: number;
  vod_hits_week: number;
  vod_hits_month: number;
  vod_play_from: string;
  vod_play_server: string;
  vod_play_note: string;
  vod_play_url: string;
}
interface Feed {
  code: number;
  msg: string;
  page: number;
  pagecount: number;
  limit: string;
  total: number;
  list: Item[];
  class: { type_id: number; type_pid: number; type_name: string }[];
}

const feed = JSON.parse(readFileSync(DEMO_FEED_PATH, 'utf8')) as Feed;
const types = new Map(feed.class.map((c) => [c.type_id, c]));

/** Episodes per source: `[[name, url], ...]` per `$$$` part. */
function episodes(item: Item): [string, string][][] {
  return item.vod_play_url.split('$$$').map((src) =>
    src.split('#').map((ep) => {
      const parts = ep.split('$');
      return [parts[0] ?? '', parts[1] ?? ''] as [string, string];
    }),
  );
}

describe('demo feed (MacCMS ac=detail)', () => {
  it('has the collect API envelope', () => {
    expect(feed).toMatchObject({ code: 1, msg: '数据列表', page: 1, pagecount: 1, limit: '100' });
    expect(feed.total).toBe(feed.list.length);
    expect(feed.list.length).toBeGreaterThanOrEqual(44);
  });

  it('declares the categories: four tops with leaf children and the special tops 30-34', () => {
    const expected: [number, number, string][] = [
      [1, 0, '电影'],
      [2, 0, '连续剧'],
      [3, 0, '综艺'],
      [4, 0, '动漫'],
      [6, 1, '动作片'],
      [7, 1, '喜剧片'],
      [8, 1, '爱情片'],
      [9, 1, '科幻片'],
      [12, 2, '国产剧'],
      [13, 2, '港台剧'],
      [14, 2, '欧美剧'],
      [16, 3, '大陆综艺'],
      [17, 3, '日韩综艺'],
      [20, 4, '国产动漫'],
      [21, 4, '日本动漫'],
      [30, 0, '短视频'],
      [31, 0, '小视频'],
      [32, 0, '壁纸'],
      [33, 0, '直播'],
      [34, 0, '短剧'],
    ];
    for (const [type_id, type_pid, type_name] of expected) {
      expect(types.get(type_id)).toEqual({ type_id, type_pid, type_name });
    }
  });

  it('assigns titles to leaf categories of all four tops (>= 44 titles there) and uses every special category', () => {
    const tops = new Map<number, number>();
    for (const item of feed.list) {
      const type = types.get(item.type_id);
      expect(type, `type ${item.type_id} of ${item.vod_name}`).toBeDefined();
      expect(item.type_name).toBe(type?.type_name);
      if (item.type_id >= 30) {
        expect(type?.type_pid).toBe(0);
        expect(item.type_id_1).toBe(0);
      } else {
        expect(type?.type_pid, `${item.vod_name} must be in a leaf category`).not.toBe(0);
        expect(item.type_id_1).toBe(type?.type_pid);
      }
      const top = type?.type_pid || item.type_id;
      tops.set(top, (tops.get(top) ?? 0) + 1);
    }
    for (const top of [1, 2, 3, 4]) expect(tops.get(top) ?? 0).toBeGreaterThanOrEqual(8);
    expect([1, 2, 3, 4].reduce((n, t) => n + (tops.get(t) ?? 0), 0)).toBeGreaterThanOrEqual(44);
    for (const special of [30, 31, 32, 33, 34]) expect(tops.get(special) ?? 0).toBeGreaterThanOrEqual(1);
    const leaves = new Set(feed.list.map((i) => i.type_id));
    for (const c of feed.class) if (c.type_pid !== 0) expect(leaves.has(c.type_id), c.type_name).toBe(true);
  });

  it('has well-formed, unique, invented-style metadata', () => {
    const ids = new Set<number>();
    const names = new Set<string>();
    const slugs = new Set<string>();
    for (const item of feed.list) {
      ids.add(item.vod_id);
      names.add(item.vod_name);
      slugs.add(item.vod_en);
      expect(item.vod_name).toMatch(/[\u4e00-\u9fff]/);
      expect(item.vod_en).toMatch(/^[a-z][a-z0-9]*$/);
      expect(item.vod_letter).toBe(item.vod_en[0]?.toUpperCase());
      expect(item.vod_sub).not.toBe('');
      expect(Number(item.vod_year)).toBeGreaterThanOrEqual(2015);
      expect(Number(item.vod_year)).toBeLessThanOrEqual(2026);
      expect(item.vod_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(item.vod_score).toMatch(/^\d\.\d$/);
      expect(item.vod_level).toBeGreaterThanOrEqual(0);
      expect(item.vod_level).toBeLessThanOrEqual(9);
      expect(item.vod_class).not.toBe('');
      expect(item.vod_area).not.toBe('');
      expect(item.vod_lang).not.toBe('');
      expect(item.vod_remarks).not.toBe('');
      expect(item.vod_blurb).not.toBe('');
      expect(item.vod_content).toMatch(/^<p>.*<\/p>$/);
      expect([0, 1]).toContain(item.vod_isend);
      expect(item.vod_hits).toBeGreaterThanOrEqual(item.vod_hits_month);
      expect(item.vod_hits_month).toBeGreaterThanOrEqual(item.vod_hits_week);
      expect(item.vod_hits_week).toBeGreaterThanOrEqual(item.vod_hits_day);
      expect(item.vod_pic).toBe(`${DEMO_URL_PREFIX}posters/${item.vod_en}.jpg`);
      if (item.vod_level === 9) expect(item.vod_pic_slide).toBe(`${DEMO_URL_PREFIX}slides/${item.vod_en}.jpg`);
      else expect(item.vod_pic_slide).toBe('');
    }
    expect(ids.size).toBe(feed.list.length);
    expect(names.size).toBe(feed.list.length);
    expect(slugs.size).toBe(feed.list.length);
    const slides = feed.list.filter((i) => i.vod_level === 9).length;
    const recommended = feed.list.filter((i) => i.vod_level >= 1 && i.vod_level <= 8).length;
    expect(slides).toBeGreaterThanOrEqual(3);
    expect(recommended).toBeGreaterThanOrEqual(5);
    const areas = new Set(feed.list.map((i) => i.vod_area));
    for (const a of ['大陆', '香港', '台湾', '美国', '日本', '韩国', '英国']) expect(areas.has(a), a).toBe(true);
  });

  it('encodes play data consistently: from/server/note/url split alike on $$$, episodes name$url under /media/demo/', () => {
    for (const item of feed.list) {
      const froms = item.vod_play_from.split('$$$');
      expect(item.vod_play_url.split('$$$')).toHaveLength(froms.length);
      expect(item.vod_play_server.split('$$$')).toEqual(froms.map(() => 'no'));
      expect(item.vod_play_note.split('$$$')).toHaveLength(froms.length);
      expect(froms.every((f) => /^ov[a-z0-9]+$/.test(f))).toBe(true);
      for (const eps of episodes(item)) {
        expect(eps.length).toBeGreaterThan(0);
        for (const [name, url] of eps) {
          expect(name).not.toBe('');
          const live = url === `${LIVE_URL_PREFIX}${DEMO_LIVE_CHANNEL}/index.m3u8`;
          expect(url.startsWith(DEMO_URL_PREFIX) || live, url).toBe(true);
          expect(url).toMatch(/\.(m3u8|jpg)$/);
        }
      }
      if (item.vod_isend === 1 && item.vod_total > 0) {
        expect(episodes(item)[0]).toHaveLength(item.vod_total);
      }
      if (item.vod_total > 0) expect(item.vod_serial).toBe(String(episodes(item)[0]?.length));
    }
  });

  it('has several titles with two sources (ovhls + ovhls2)', () => {
    const two = feed.list.filter((i) => i.vod_play_from === 'ovhls$$$ovhls2');
    expect(two.length).toBeGreaterThanOrEqual(5);
    for (const item of two) {
      const [a, b] = episodes(item);
      expect(a?.length).toBe(b?.length);
    }
  });

  it('has the special titles: a 12-episode series with distinct streams, a master playlist, an AES stream', () => {
    const bySlug = new Map(feed.list.map((i) => [i.vod_en, i]));
    const series = bySlug.get(DEMO_SPECIAL_TITLES.series12);
    const eps = series ? (episodes(series)[0] ?? []) : [];
    expect(eps).toHaveLength(12);
    expect(new Set(eps.map(([, url]) => url)).size).toBe(12);
    expect(series?.vod_remarks).toBe('全12集');
    const master = bySlug.get(DEMO_SPECIAL_TITLES.master);
    expect(episodes(master as Item)[0]?.[0]?.[1]).toBe(`${DEMO_URL_PREFIX}${DEMO_SPECIAL_TITLES.master}/index.m3u8`);
    const aes = bySlug.get(DEMO_SPECIAL_TITLES.aes);
    expect(episodes(aes as Item)[0]?.[0]?.[1]).toBe(`${DEMO_URL_PREFIX}${DEMO_SPECIAL_TITLES.aes}/index.m3u8`);
  });

  it('has 16 wallpapers (壁纸): one picture each, named after the title', () => {
    const walls = feed.list.filter((i) => i.type_id === 32);
    expect(walls.length).toBeGreaterThanOrEqual(16);
    for (const w of walls) {
      expect(episodes(w)).toEqual([[['原图', `${DEMO_URL_PREFIX}wallpapers/${w.vod_en}.jpg`]]]);
      expect(w.vod_play_from).toBe('ovimg');
    }
  });

  it('has at least 6 small videos (小视频), each with its own vertical clip', () => {
    const small = feed.list.filter((i) => i.type_id === 31);
    expect(small.length).toBeGreaterThanOrEqual(6);
    const urls = small.map((i) => episodes(i)[0]?.[0]?.[1] ?? '');
    expect(new Set(urls).size).toBe(small.length);
    for (const u of urls) expect(u).toMatch(/^\/media\/demo\/(small\/[a-z0-9]+|pool\/vertical-[ab])\/index\.m3u8$/);
  });

  it('has 2-3 playlets (短剧) of 6 distinct episodes each', () => {
    const playlets = feed.list.filter((i) => i.type_id === 34);
    expect(playlets.length).toBeGreaterThanOrEqual(2);
    expect(playlets.length).toBeLessThanOrEqual(3);
    for (const p of playlets) {
      const eps = episodes(p)[0] ?? [];
      expect(eps.map(([name]) => name)).toEqual(['第01集', '第02集', '第03集', '第04集', '第05集', '第06集']);
      for (const [i, [, url]] of eps.entries()) {
        expect(url).toBe(`${DEMO_URL_PREFIX}playlets/${p.vod_en}/ep${String(i + 1).padStart(2, '0')}/index.m3u8`);
      }
    }
  });

  it('has one live channel (直播), OpenVod Live, on the live HLS stream of live-demo.ts', () => {
    const live = feed.list.filter((i) => i.type_id === 33);
    expect(live).toHaveLength(1);
    expect(live[0]?.vod_sub).toBe('OpenVod Live');
    expect(episodes(live[0] as Item)).toEqual([[['直播', `${LIVE_URL_PREFIX}${DEMO_LIVE_CHANNEL}/index.m3u8`]]]);
  });
});
