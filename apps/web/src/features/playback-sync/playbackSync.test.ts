import type { UlogItem } from '@openvod/contract';
import { describe, expect, it } from 'vitest';
import { needsRealPath } from './realPath';
import { recordFromUlog, setQueryOf } from './watchSync';

describe('needsRealPath', () => {
  it('resolves only addresses that are not .m3u8/.mp4', () => {
    expect(needsRealPath('/media/demo/index.m3u8')).toBe(false);
    expect(needsRealPath('https://cdn.example.com/a.MP4?sign=1#t')).toBe(false);
    expect(needsRealPath('https://v.example.com/play/abc')).toBe(true);
    expect(needsRealPath('qq:12345')).toBe(true);
    expect(needsRealPath('https://v.example.com/x?file=a.m3u8')).toBe(true);
    expect(needsRealPath('')).toBe(false);
  });
});

describe('watch record sync mapping', () => {
  const entry: UlogItem = {
    ulog_id: 9,
    user_id: 3,
    ulog_mid: 1,
    ulog_type: 4,
    ulog_rid: 42,
    ulog_sid: 2,
    ulog_nid: 5,
    ulog_time: 1_790_000_000,
    ulog_points: 0,
    ulog_progress: 150,
    ulog_duration: 600,
    data: { id: 42, name: 'Film', pic: '/media/p.jpg', type_id: 1, url: '' },
  };

  it('turns a server entry into a store record (resume second, episode, progress)', () => {
    expect(recordFromUlog(entry)).toEqual({
      time: 1_790_000_000,
      vod_id: 42,
      vod_name: 'Film',
      play: '',
      vod_pic: '/media/p.jpg',
      from: '',
      active: 4,
      dur: 600,
      cdur: 150,
      duration: 25,
      sid: 2,
      nid: 5,
    });
  });

  it('pushes a record as ajaxUlog ac=set type=4 with whole seconds', () => {
    const record = { ...recordFromUlog(entry), cdur: 151.6, dur: 600.2 };
    expect(setQueryOf(record)).toEqual({
      ac: 'set',
      mid: 1,
      type: 4,
      id: 42,
      sid: 2,
      nid: 5,
      progress: 152,
      duration: 600,
    });
  });
});
