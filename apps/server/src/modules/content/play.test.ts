import { describe, expect, it } from 'vitest';
import { formatPlay, parseEpisodes, parsePlay } from './play.ts';

describe('parsePlay', () => {
  it('splits sources on $$$ and episodes on #, with 1-based sid and nid', () => {
    const sources = parsePlay({
      vod_play_from: 'kuyun$$$ckm3u8',
      vod_play_server: 'no$$$no',
      vod_play_note: '$$$',
      vod_play_url: '第01集$https://a/1.m3u8#第02集$https://a/2.m3u8$$$第01集$https://b/1.m3u8',
    });
    expect(sources).toEqual([
      {
        sid: 1,
        from: 'kuyun',
        server: 'no',
        note: '',
        episodes: [
          { nid: 1, name: '第01集', url: 'https://a/1.m3u8' },
          { nid: 2, name: '第02集', url: 'https://a/2.m3u8' },
        ],
      },
      {
        sid: 2,
        from: 'ckm3u8',
        server: 'no',
        note: '',
        episodes: [{ nid: 1, name: '第01集', url: 'https://b/1.m3u8' }],
      },
    ]);
  });

  it('names bare URLs 第N集, treats line breaks as #, keeps name$url$from', () => {
    expect(parseEpisodes('https://x/1.m3u8\r\nhttps://x/2.m3u8#HD$https://x/3.m3u8$dplayer#')).toEqual([
      { nid: 1, name: '第1集', url: 'https://x/1.m3u8' },
      { nid: 2, name: '第2集', url: 'https://x/2.m3u8' },
      { nid: 3, name: 'HD', url: 'https://x/3.m3u8' },
    ]);
  });

  it('numbers episodes by position like MacCMS: empty tokens keep their nid, name$ is a bare URL', () => {
    expect(parseEpisodes('A$u1##C$u3#https://x/4.m3u8$')).toEqual([
      { nid: 1, name: 'A', url: 'u1' },
      { nid: 3, name: 'C', url: 'u3' },
      { nid: 4, name: '第4集', url: 'https://x/4.m3u8' },
    ]);
  });

  it('keeps sid positions when an earlier source is empty', () => {
    const sources = parsePlay({
      vod_play_from: '$$$b',
      vod_play_server: '',
      vod_play_note: '',
      vod_play_url: '$$$x$u',
    });
    expect(sources.map((s) => s.sid)).toEqual([2]);
  });

  it('round-trips through formatPlay', () => {
    const cols = {
      vod_play_from: 'a$$$b',
      vod_play_server: 'no$$$no',
      vod_play_note: '$$$',
      vod_play_url: 'E1$u1#E2$u2$$$E1$v1',
    };
    expect(formatPlay(parsePlay(cols))).toEqual(cols);
  });

  it('returns no sources for empty columns', () => {
    expect(parsePlay({ vod_play_from: '', vod_play_server: '', vod_play_note: '', vod_play_url: '' })).toEqual([]);
  });
});
