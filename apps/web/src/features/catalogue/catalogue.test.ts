import type { Category, HomeResponse, TypeExtend } from '@openvod/contract';
import { describe, expect, it, vi } from 'vitest';
import { buildDataQuery, effectiveExtend, filterRows, findCategory, sanitizeFilters, splitOptions } from './filters';
import { fetchHomeWithFallback, type HomeCache } from './homeCache';
import { picUrl } from './picUrl';
import { htmlToText, joinList } from './text';

const ext = (partial: Partial<TypeExtend>): TypeExtend => ({
  class: '',
  area: '',
  lang: '',
  year: '',
  star: '',
  director: '',
  state: '',
  version: '',
  ...partial,
});

const cat = (type_id: number, type_pid: number, extend: Partial<TypeExtend> = {}) => ({
  type_id,
  type_pid,
  type_mid: 1,
  type_name: `c${type_id}`,
  type_en: '',
  type_sort: type_id,
  type_status: 1,
  type_pic: '',
  type_logo: '',
  type_extend: ext(extend),
});

const types: Category[] = [
  {
    ...cat(1, 0, { class: '动作,喜剧, 爱情,,动作', area: '大陆,美国', year: '2025,2024' }),
    child: [cat(6, 1), cat(7, 1, { class: '科幻' })],
  },
  { ...cat(2, 0), child: [] },
];

describe('filters', () => {
  it('splits comma lists', () => {
    expect(splitOptions('动作,喜剧, 爱情,,动作')).toEqual(['动作', '喜剧', '爱情']);
    expect(splitOptions('a，b')).toEqual(['a', 'b']);
    expect(splitOptions('')).toEqual([]);
  });

  it('builds rows from type_extend in class, area, lang, year order', () => {
    const rows = filterRows(types[0]?.type_extend);
    expect(rows.map((r) => r.key)).toEqual(['class', 'area', 'year']);
  });

  it('finds top and sub categories', () => {
    expect(findCategory(types, 6)?.top.type_id).toBe(1);
    expect(findCategory(types, 6)?.sub?.type_id).toBe(6);
    expect(findCategory(types, 2)?.sub).toBeUndefined();
    expect(findCategory(types, 99)?.top.type_id).toBe(1);
    expect(findCategory([], 1)).toBeUndefined();
  });

  it('uses a sub-category extend only when it has options', () => {
    const inherit = findCategory(types, 6);
    const own = findCategory(types, 7);
    expect(inherit && effectiveExtend(inherit).class).toContain('动作');
    expect(own && effectiveExtend(own).class).toBe('科幻');
  });

  it('drops filter values the category does not offer and builds the query', () => {
    const rows = filterRows(types[0]?.type_extend);
    const filters = sanitizeFilters({ class: '喜剧', area: '火星', year: '2024' }, rows);
    expect(filters).toEqual({ class: '喜剧', year: '2024' });
    expect(buildDataQuery(1, filters, 'score', 2, 21)).toEqual({
      type_id: 1,
      class: '喜剧',
      year: '2024',
      order: 'score',
      page: 2,
      limit: 21,
    });
  });
});

const home = (name: string): HomeResponse => ({
  code: 1,
  msg: 'ok',
  slide: [],
  hot: [],
  recommend: [],
  blocks: [{ type_id: 1, type_name: name, list: [] }],
});

function memoryCache(initial?: HomeResponse): HomeCache & { value?: HomeResponse } {
  const cache: HomeCache & { value?: HomeResponse } = {
    value: initial,
    read: () => cache.value,
    write: (d) => {
      cache.value = d;
    },
  };
  return cache;
}

describe('home fallback', () => {
  it('stores a fresh home', async () => {
    const cache = memoryCache();
    const data = await fetchHomeWithFallback(async () => home('fresh'), cache);
    expect(data.fromCache).toBeUndefined();
    expect(cache.value?.blocks[0]?.type_name).toBe('fresh');
  });

  it('serves the cached home when the request fails', async () => {
    const cache = memoryCache(home('old'));
    const data = await fetchHomeWithFallback(async () => Promise.reject(new Error('down')), cache);
    expect(data.fromCache).toBe(true);
    expect(data.blocks[0]?.type_name).toBe('old');
  });

  it('rethrows without a cache, and never masks an abort', async () => {
    await expect(fetchHomeWithFallback(async () => Promise.reject(new Error('down')), memoryCache())).rejects.toThrow(
      'down',
    );
    const controller = new AbortController();
    controller.abort();
    const read = vi.fn(() => home('old'));
    await expect(
      fetchHomeWithFallback(
        async () => Promise.reject(new Error('aborted')),
        { read, write: () => {} },
        controller.signal,
      ),
    ).rejects.toThrow('aborted');
    expect(read).not.toHaveBeenCalled();
  });
});

describe('text helpers', () => {
  it('renders HTML content as plain text without running anything', () => {
    const onerror = vi.fn();
    (globalThis as { pwned?: () => void }).pwned = onerror;
    const text = htmlToText(
      '<p>第一段&amp;<b>粗</b></p><p>第二段<img src=x onerror="pwned()"><script>pwned()</script></p>',
    );
    expect(text).toBe('第一段&粗\n第二段pwned()');
    expect(onerror).not.toHaveBeenCalled();
  });

  it('joins people lists', () => {
    expect(joinList('张三,李四/王五、赵六')).toBe('张三 / 李四 / 王五 / 赵六');
  });

  it('normalises picture fields', () => {
    expect(picUrl('mac://img.example.com/a.jpg')).toBe('//img.example.com/a.jpg');
    expect(picUrl('upload/vod/a.jpg')).toBe('/upload/vod/a.jpg');
    expect(picUrl('https://x/a.jpg')).toBe('https://x/a.jpg');
    expect(picUrl('javascript:alert(1)')).toBe('');
    expect(picUrl('')).toBe('');
  });
});
