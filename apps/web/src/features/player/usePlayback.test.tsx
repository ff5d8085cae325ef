import type { Source, VodDetail } from '@openvod/contract';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useSearchParams } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { usePlayback } from './usePlayback';
import { findWatchRecord, useWatchRecordStore } from './watchRecord';

const ep = (nid: number) => ({ nid, name: `第${nid}集`, url: `/m/${nid}.m3u8` });
const sources: Source[] = [
  { sid: 1, from: 'lineA', server: '', note: '', episodes: [ep(1), ep(2), ep(3)] },
  { sid: 2, from: 'lineB', server: '', note: '', episodes: [ep(1), ep(2), ep(3)] },
];
const vod = { vod_id: 9, vod_name: 'Nine', vod_pic: '/p.jpg', sources } as unknown as VodDetail;

function setup(initial: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const [params] = useSearchParams();
      const sid = params.get('sid') ? Number(params.get('sid')) : undefined;
      const nid = params.get('nid') ? Number(params.get('nid')) : undefined;
      return { playback: usePlayback(vod, sid, nid), params: params.toString() };
    },
    { wrapper },
  );
}

beforeAll(async () => {
  await initI18n('en-us');
});

beforeEach(() => {
  localStorage.clear();
  useWatchRecordStore.setState({ byUser: {} });
});

describe('usePlayback', () => {
  it('opens the episode of the watch record at its saved second when the route names none', () => {
    useWatchRecordStore.getState().save(0, {
      vod_id: 9,
      vod_name: 'Nine',
      vod_pic: '/p.jpg',
      play: '第02集',
      from: 'lineB',
      active: 1,
      dur: 100,
      cdur: 37,
      sid: 2,
      nid: 2,
    });
    const { result } = setup('/d?id=9');
    expect(result.current.playback.current).toEqual({ sid: 2, nid: 2 });
    expect(result.current.playback.startAt).toBe(37);
    expect(result.current.playback.next).toEqual({ sid: 2, nid: 3 });
  });

  it('starts from 0 for another episode than the recorded one, and saves progress per title', () => {
    const { result, unmount } = setup('/d?id=9&sid=1&nid=3');
    expect(result.current.playback.startAt).toBe(0);
    act(() => result.current.playback.onProgress(12.4, 80));
    unmount();
    expect(findWatchRecord(0, 9)).toMatchObject({
      sid: 1,
      nid: 3,
      active: 2,
      play: '第3集',
      from: 'lineA',
      cdur: 12,
      dur: 80,
    });
  });

  it('switches to the other line with the same episode when one fails, then gives up', () => {
    const { result } = setup('/d?id=9&sid=1&nid=2');
    let switched = false;
    act(() => {
      switched = result.current.playback.onFailed();
    });
    expect(switched).toBe(true);
    expect(result.current.params).toContain('sid=2');
    expect(result.current.playback.current).toEqual({ sid: 2, nid: 2 });
    expect(result.current.playback.alert).toContain('lineB');
    act(() => {
      switched = result.current.playback.onFailed();
    });
    expect(switched).toBe(false);
  });

  it('continues at the second the failed line had reached on the line it switches to', () => {
    const { result } = setup('/d?id=9&sid=1&nid=2');
    expect(result.current.playback.startAt).toBe(0);
    act(() => result.current.playback.onProgress(42.5, 100));
    act(() => {
      result.current.playback.onFailed();
    });
    expect(result.current.playback.current).toEqual({ sid: 2, nid: 2 });
    expect(result.current.playback.startAt).toBe(42.5);
    // Picking an episode is a fresh start, not a continuation.
    act(() => result.current.playback.select({ sid: 2, nid: 3 }));
    expect(result.current.playback.startAt).toBe(0);
  });

  it("continues at the watch record's resume second when the line fails before playing", () => {
    useWatchRecordStore.getState().save(0, {
      vod_id: 9,
      vod_name: 'Nine',
      vod_pic: '/p.jpg',
      play: '第1集',
      from: 'lineA',
      active: 0,
      dur: 100,
      cdur: 37,
      sid: 1,
      nid: 1,
    });
    const { result } = setup('/d?id=9');
    expect(result.current.playback.startAt).toBe(37);
    act(() => {
      result.current.playback.onFailed();
    });
    expect(result.current.playback.current).toEqual({ sid: 2, nid: 1 });
    expect(result.current.playback.startAt).toBe(37);
  });

  it('plays the next episode at the end', () => {
    const { result } = setup('/d?id=9&sid=1&nid=1');
    act(() => result.current.playback.onEnded());
    expect(result.current.playback.current).toEqual({ sid: 1, nid: 2 });
  });
});
