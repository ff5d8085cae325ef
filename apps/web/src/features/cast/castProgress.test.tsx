/** The TV's position becomes the title's resume point when casting ends (castProgress.ts, CastScreenPage exit). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { findWatchRecord, resumePoint, setWatchRecordSync, useWatchRecordStore } from '../player/watchRecord';
import CastScreenPage from './CastScreenPage';
import { saveCastProgress } from './castProgress';
import { useCastStore } from './castStore';

const api = vi.hoisted(() => ({
  status: { position: 754, duration: 1500, vod_id: 9, state: 'PLAYING' },
  controls: [] as string[],
}));
vi.mock('./castApi', () => ({
  castStatus: async () => ({
    code: 1,
    msg: 'ok',
    info: {
      device: { id: 'tv1', name: 'TV', ip: '192.168.1.9' },
      state: api.status.state,
      position: api.status.position,
      duration: api.status.duration,
      vod_id: api.status.vod_id,
      sid: 2,
      nid: 3,
      title: 'Nine 第3集',
      url: 'http://192.168.1.2:8080/media/cast/a.mp4',
    },
  }),
  castControl: async (body: { action: string }) => {
    api.controls.push(body.action);
    return { code: 1, msg: 'ok', info: {} };
  },
}));

const entry = {
  vod_id: 9,
  vod_name: 'Nine',
  vod_pic: '/p.jpg',
  play: '第3集',
  from: 'lineB',
  active: 2,
  dur: 1500,
  cdur: 120,
  sid: 2,
  nid: 3,
};

beforeAll(async () => {
  await initI18n('en-us');
});
beforeEach(() => {
  localStorage.clear();
  useWatchRecordStore.setState({ byUser: {} });
  api.controls.length = 0;
});
afterEach(() => {
  cleanup();
  setWatchRecordSync(null);
  useCastStore.getState().clear();
});

describe('saveCastProgress', () => {
  it("moves the cast episode's resume point to the TV's position, and pushes it for a signed-in user", () => {
    const pushed: number[] = [];
    setWatchRecordSync({ push: (_user, record) => pushed.push(record.cdur) });
    useWatchRecordStore.getState().save(5, entry);
    expect(saveCastProgress(5, { vodId: 9, sid: 2, nid: 3, position: 754.4, duration: 0 })).toBe(true);
    const saved = findWatchRecord(5, 9);
    expect(saved).toMatchObject({ ...entry, cdur: 754, dur: 1500, duration: 50 });
    expect(resumePoint(saved, 2, 3)).toBe(754);
    expect(pushed).toEqual([754]);
  });

  it('leaves another episode, a title never played here and an unknown position alone', () => {
    useWatchRecordStore.getState().save(0, entry);
    expect(saveCastProgress(0, { vodId: 9, sid: 1, nid: 3, position: 700, duration: 1500 })).toBe(false);
    expect(saveCastProgress(0, { vodId: 9, sid: 2, nid: 3, position: 0, duration: 1500 })).toBe(false);
    expect(saveCastProgress(0, { vodId: 8, sid: 2, nid: 3, position: 700, duration: 1500 })).toBe(false);
    expect(findWatchRecord(0, 9)?.cdur).toBe(120);
  });
});

describe('the cast screen', () => {
  it("exit saves the TV's last position before stopping, so the title page resumes there", async () => {
    useWatchRecordStore.getState().save(0, entry);
    useCastStore.getState().start(
      { id: 'tv1', name: 'TV', ip: '192.168.1.9' },
      {
        isPlaying: true,
        url: 'http://192.168.1.2:8080/media/cast/a.mp4',
        vodName: 'Nine',
        ip: '192.168.1.9',
        name: 'TV',
        title: 'Nine 第3集',
        vodId: 9,
        sid: 2,
        nid: 3,
      },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <CastScreenPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('cast-position').textContent).toBe('12:34'));
    await act(async () => screen.getByTestId('cast-exit').click());
    await waitFor(() => expect(api.controls).toEqual(['stop']));
    expect(findWatchRecord(0, 9)?.cdur).toBe(754);
    expect(useCastStore.getState().device).toBeNull();
  });
});
