import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FeedError, parseFeed } from './feed.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parseFeed', () => {
  it('reads a JSON detail response with numbers as strings and the class list', () => {
    const feed = parseFeed(fixture('detail.json'));
    expect(feed).toMatchObject({ page: 1, pagecount: 1, total: 3, detail: true });
    expect(feed.list).toHaveLength(3);
    expect(feed.list[0]).toMatchObject({ vod_id: '101', type_id: 6 });
    expect(feed.classes).toContainEqual({ type_id: 6, type_pid: 1, type_name: '动作片' });
  });

  it('reads a JSON list response (no play URLs)', () => {
    const feed = parseFeed(fixture('list.json'));
    expect(feed).toMatchObject({ page: 1, pagecount: 3, total: 5, detail: false });
    expect(feed.list.map((v) => v.vod_id)).toEqual(['301', '302']);
  });

  it('reads XML with <dd flag> and <dd from>, CDATA, duplicate <type>', () => {
    const feed = parseFeed(fixture('detail.xml'));
    expect(feed.detail).toBe(true);
    expect(feed.list[0]).toMatchObject({
      vod_id: '201',
      vod_name: '笑场人生',
      type_id: 7,
      type_name: '喜剧片',
      vod_play_from: 'ovhls$$$backup',
      vod_area: '香港',
    });
    expect(String(feed.list[0]?.vod_play_url)).toContain('$$$正片$https://cdn2.example.net/201/index.m3u8');
    expect(feed.classes).toEqual([
      { type_id: 1, type_pid: -1, type_name: '电影' },
      { type_id: 7, type_pid: -1, type_name: '喜剧片' },
    ]);
  });

  it('gives clear errors for malformed or foreign input', () => {
    expect(() => parseFeed(fixture('malformed.json'))).toThrow(/not valid JSON/);
    expect(() => parseFeed('')).toThrow(/empty/);
    expect(() => parseFeed('closed')).toThrow(/closed/);
    expect(() => parseFeed('hello')).toThrow(FeedError);
    expect(() => parseFeed('{"code":0,"msg":"参数错误"}')).toThrow(/code 0: 参数错误/);
    expect(() => parseFeed('{"code":1,"list":[{"vod_name":"x"}]}')).toThrow(/item 1: vod_id/);
    expect(() => parseFeed('<html><body>nope</body></html>')).toThrow(/<rss> is missing/);
    expect(() => parseFeed('<rss><list><video><id>1</id><name>a</name></video></list>')).toThrow(/not valid XML/);
  });
});
