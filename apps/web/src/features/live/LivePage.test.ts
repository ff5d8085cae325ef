import type { Source } from '@openvod/contract';
import { describe, expect, it } from 'vitest';
import { liveLines } from './LivePage';

describe('live TV', () => {
  it('lists a channel’s lines', () => {
    const line = (sid: number, url: string | undefined, note: string): Source => ({
      sid,
      from: `ov${sid}`,
      server: '',
      note,
      episodes: url ? [{ nid: 1, name: 'live', url }] : [],
    });
    expect(liveLines([line(1, '/live/a.m3u8', 'HD'), line(2, undefined, ''), line(3, '/live/b.m3u8', '')])).toEqual([
      { sid: 1, url: '/live/a.m3u8', label: 'HD' },
      { sid: 3, url: '/live/b.m3u8', label: 'ov3' },
    ]);
  });
});
