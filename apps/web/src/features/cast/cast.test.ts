/** Pure parts of the cast feature: the clock text, the cast target of a title page, browser casting detection. */
import { describe, expect, it } from 'vitest';
import { hasAirPlay, hasRemotePlayback } from './browserCast';
import { castTargetOf } from './CastButton';
import { formatClock } from './CastScreenPage';
import { useCastStore } from './castStore';

describe('cast', () => {
  it('formats positions as m:ss or h:mm:ss', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(-3)).toBe('0:00');
  });

  it('casts the episode the title page plays', () => {
    const target = castTargetOf(
      { vod_id: 7, vod_name: '长安夜行录' },
      { source: { sid: 2 }, episode: { nid: 3, name: '第03集' } },
    );
    expect(target).toEqual({ vodId: 7, sid: 2, nid: 3, vodName: '长安夜行录', title: '长安夜行录 第03集' });
  });

  it('offers browser casting only where the element has it', () => {
    const plain = document.createElement('video');
    expect(hasAirPlay(plain)).toBe(false);
    expect(hasAirPlay(null)).toBe(false);
    expect(hasRemotePlayback(null)).toBe(false);
    const withRemote = Object.assign(document.createElement('video'), { remote: { prompt: async () => undefined } });
    expect(hasRemotePlayback(withRemote)).toBe(true);
    withRemote.disableRemotePlayback = true;
    expect(hasRemotePlayback(withRemote)).toBe(false);
    const safari = Object.assign(document.createElement('video'), { webkitShowPlaybackTargetPicker: () => undefined });
    expect(hasAirPlay(safari)).toBe(true);
  });

  it('keeps the cast device and params of spec §3 until exit', () => {
    const device = { id: 'd1', name: 'TV', ip: '192.168.1.9' };
    const params = {
      isPlaying: true,
      url: 'http://192.168.1.2:8080/media/cast/a.mp4',
      vodName: 'A',
      ip: device.ip,
      name: device.name,
      title: 'A 第01集',
      vodId: 1,
      sid: 1,
      nid: 1,
    };
    useCastStore.getState().start(device, params);
    useCastStore.getState().setPlaying(false);
    expect(useCastStore.getState().params?.isPlaying).toBe(false);
    expect(JSON.parse(sessionStorage.getItem('ov-cast') ?? '{}').state.device).toEqual(device);
    useCastStore.getState().clear();
    expect(useCastStore.getState().device).toBeNull();
  });
});
