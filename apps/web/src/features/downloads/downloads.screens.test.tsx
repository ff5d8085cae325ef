/**
 * The download screens against a fake downloader (test-helpers.ts) and a mocked `fetch` (the real api client and
 * i18n): the title page's sheet runs the free-view flow for type 5 (checkBuyPopedom, then one ajaxUlog type 5 per
 * episode BEFORE the episode is added; a refusal shows the blocked screen and, after an ad, the rest is tried again;
 * a group without the download right is told so), and the download page (grouping, states and messages, actions,
 * edit mode, settings, space, the empty state). The real engine runs in e2e/tests/downloads.spec.ts.
 */
import type { CheckBuyPopedomResponse, UserInfo } from '@openvod/contract';
import { QUOTA_CODE } from '@openvod/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/queryClient';
import { paths } from '../../lib/routes';
import { useSession } from '../../lib/session';
import { BlockedScreen } from '../quotas/BlockedScreen';
import DownloadPage from './DownloadPage';
import { type DownloadLine, DownloadSheet } from './DownloadSheet';
import { checkAnswer, episodeRequest, FakeDownloadManager, makeTask } from './test-helpers';
import { DownloadManagerContext } from './useDownloads';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const check = checkAnswer;
const blocked = (over: Partial<CheckBuyPopedomResponse> = {}) =>
  check({ allowed: false, reason: 'blocked', free: { total: 2, used: 2 }, choices: ['ad', 'login', 'vip'], ...over });

const member = { user_id: 7, user_name: 'viewer', user_phone: '', group_id: 2, is_vip: false } as UserInfo;

/** Every request and every `add`, in order: `check`, `claim:<sid>-<nid>`, `add:<vod>-<sid>-<nid>`. */
let log: string[];
let manager: FakeDownloadManager;
let answerCheck: () => CheckBuyPopedomResponse;
let answerClaim: (nid: number) => Response | object;

beforeAll(async () => {
  await initI18n('en-us');
});

beforeEach(() => {
  localStorage.clear();
  log = [];
  manager = new FakeDownloadManager();
  manager.calls = log;
  answerCheck = () => check();
  answerClaim = () => ({ code: 1, msg: 'ok', list: [], point: 0 });
  useSession.setState({ token: 'tok', user: member });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://app.test');
    if (url.pathname === '/api/popedom') {
      expect(url.searchParams.get('type')).toBe('5');
      log.push('check');
      return json(answerCheck());
    }
    if (url.pathname === '/api/user/ulog') {
      expect(url.searchParams.get('ac')).toBe('set');
      expect(url.searchParams.get('type')).toBe('5');
      const nid = Number(url.searchParams.get('nid'));
      log.push(`claim:${url.searchParams.get('sid')}-${nid}`);
      const r = answerClaim(nid);
      return r instanceof Response ? r : json(r);
    }
    return json({ code: 0, msg: `unexpected ${url.pathname}` }, 404);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VOD = { vod_id: 12, vod_name: 'Demo series', vod_pic: '' };
const LINE: DownloadLine = {
  sid: 1,
  from: 'demo',
  episodes: [1, 2, 3].map((nid) => ({ nid, name: `Episode ${nid}`, url: `http://media.test/12/${nid}/index.m3u8` })),
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function withManager(node: ReactNode, at = '/') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <DownloadManagerContext.Provider value={manager}>
        <MemoryRouter initialEntries={[at]}>
          {node}
          <Where />
        </MemoryRouter>
      </DownloadManagerContext.Provider>
    </QueryClientProvider>,
  );
}

function renderSheet(onWatchAd = vi.fn(async () => {})) {
  withManager(
    <DownloadSheet
      vod={VOD}
      line={LINE}
      open
      onClose={() => undefined}
      onOpenDownloads={() => undefined}
      renderBlocked={(c, retry) => (
        <BlockedScreen
          vodId={VOD.vod_id}
          check={c}
          kind={5}
          onWatchAd={async () => {
            await onWatchAd();
            retry();
          }}
          onLogin={() => undefined}
          onVip={() => undefined}
          onExchange={() => undefined}
          onRetry={retry}
        />
      )}
    />,
  );
  return onWatchAd;
}

const choose = (...nids: number[]) => {
  for (const nid of nids) fireEvent.click(screen.getByTestId(`download-episode-${nid}`));
};

describe('download sheet', () => {
  it('writes one download entry per episode before adding it, and marks the episodes', async () => {
    renderSheet();
    choose(1, 3);
    fireEvent.click(screen.getByTestId('download-start'));
    await waitFor(() => expect(manager.list).toHaveLength(2));
    expect(log).toEqual(['check', 'claim:1-1', 'add:12-1-1', 'claim:1-3', 'add:12-1-3']);
    await waitFor(() => expect(screen.getByTestId('download-episode-1').textContent).toContain('In queue'));
    expect(screen.getByTestId('download-episode-1')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('download-episode-2')).toHaveProperty('disabled', false);
    manager.update('12-1-1', { state: 'completed', percent: 100 });
    await waitFor(() => expect(screen.getByTestId('download-episode-1').textContent).toContain('Downloaded'));
    // "Select all" now takes only the one left.
    fireEvent.click(screen.getByTestId('download-select-all'));
    expect(screen.getByTestId('download-start').textContent).toBe('Download (1)');
  });

  it('shows the blocked screen when downloads run out, and after the ad adds the rest, each entry written once', async () => {
    let adWatched = false;
    answerClaim = (nid) =>
      nid === 2 && !adWatched
        ? json({ code: QUOTA_CODE.quotaUsedUp, msg: 'No download times left' }, 403)
        : { code: 1, msg: 'ok', list: [], point: 0 };
    answerCheck = () => (log.includes('claim:1-2') && !adWatched ? blocked() : check());
    const ad = renderSheet(
      vi.fn(async () => {
        adWatched = true;
      }),
    );
    choose(1, 2, 3);
    fireEvent.click(screen.getByTestId('download-start'));
    const screenEl = await screen.findByTestId('quota-blocked');
    expect(screenEl.getAttribute('data-kind')).toBe('5');
    expect(screenEl.textContent).toContain('No download times left today');
    expect(screenEl.textContent).toContain('Watch an ad, log in or become VIP to keep downloading');
    expect(manager.list.map((t) => t.nid)).toEqual([1]);
    expect(screen.getByTestId('quota-choice-login')).toBeTruthy();
    expect(screen.getByTestId('quota-choice-vip')).toBeTruthy();

    fireEvent.click(screen.getByTestId('quota-choice-ad'));
    await waitFor(() => expect(manager.list).toHaveLength(3));
    expect(ad).toHaveBeenCalledTimes(1);
    expect(log.filter((x) => x === 'claim:1-1')).toHaveLength(1);
    expect(log.filter((x) => x === 'claim:1-3')).toHaveLength(1);
    // The refused claim of episode 2 and the one after the ad; each add after its own successful claim.
    expect(log.slice(log.lastIndexOf('check'))).toEqual([
      'check',
      'claim:1-2',
      'add:12-1-2',
      'claim:1-3',
      'add:12-1-3',
    ]);
    await waitFor(() => expect(screen.queryByTestId('quota-blocked')).toBeNull());
  });

  it('says so when the group may not download the category (VIP offered)', async () => {
    answerCheck = () => check({ allowed: false, reason: 'no_right', choices: ['vip'] });
    renderSheet();
    choose(2);
    fireEvent.click(screen.getByTestId('download-start'));
    const el = await screen.findByTestId('quota-blocked');
    expect(el.textContent).toContain('Your group cannot download this category');
    expect(screen.getByTestId('quota-choice-vip')).toBeTruthy();
    expect(log).toEqual(['check']);
    // Not a dead end: back to the episodes.
    fireEvent.click(screen.getByText('Back to episodes'));
    expect(screen.getByTestId('download-episode-2')).toBeTruthy();
  });

  it('adds directly without a session in tourist mode (no entry to write)', async () => {
    useSession.setState({ token: '', user: null });
    answerCheck = () => check({ reason: 'tourist', logged_in: false });
    renderSheet();
    choose(1, 2);
    fireEvent.click(screen.getByTestId('download-start'));
    await waitFor(() => expect(manager.list).toHaveLength(2));
    expect(log).toEqual(['check', 'add:12-1-1', 'add:12-1-2']);
  });
});

describe('download page', () => {
  const seed = () => {
    manager.list = [
      makeTask(episodeRequest(30, 1, { vod_name: 'Still going' }), {
        state: 'downloading',
        percent: 42,
        fileSize: 42 * 1024 * 1024,
        totalSize: 100 * 1024 * 1024,
        speed: 2 * 1024 * 1024,
        time: 3,
      }),
      makeTask(episodeRequest(30, 2, { vod_name: 'Still going' }), { state: 'error', error: 'unsupported', time: 3 }),
      makeTask(episodeRequest(30, 3, { vod_name: 'Still going' }), { state: 'completed', percent: 100, time: 3 }),
      makeTask(episodeRequest(20, 1, { vod_name: 'All done' }), {
        state: 'completed',
        percent: 100,
        fileSize: 5 * 1024 * 1024,
        totalSize: 5 * 1024 * 1024,
        time: 1,
      }),
      makeTask(episodeRequest(30, 4, { vod_name: 'Still going' }), { state: 'error', error: 'bad_address', time: 3 }),
      makeTask(episodeRequest(30, 5, { vod_name: 'Still going' }), { state: 'error', error: 'failed', time: 3 }),
      makeTask(episodeRequest(30, 6, { vod_name: 'Still going' }), { state: 'error', error: 'storage_full', time: 3 }),
      makeTask(episodeRequest(30, 7, { vod_name: 'Still going' }), { state: 'paused', percent: 10, time: 3 }),
    ];
    manager.storage = { downloads: 47 * 1024 * 1024, used: 60 * 1024 * 1024, free: 2 * 1024 ** 3 };
  };

  it('groups by title with the completed first, and shows progress, size, speed, state and the spec messages', async () => {
    seed();
    withManager(<DownloadPage />);
    await screen.findByTestId('downloads-title-20');
    const titles = screen.getAllByTestId(/^downloads-title-/).map((el) => el.getAttribute('data-testid'));
    expect(titles).toEqual(['downloads-title-20', 'downloads-title-30']);
    const rows = within(screen.getByTestId('downloads-title-30'))
      .getAllByTestId(/^download-task-/)
      .map((el) => el.getAttribute('data-testid'));
    expect(rows[0]).toBe('download-task-30-1-3');
    const running = screen.getByTestId('download-task-30-1-1');
    expect(running.textContent).toContain('Downloading');
    expect(running.textContent).toContain('42.0 MB / 100 MB');
    expect(running.textContent).toContain('2.0 MB/s');
    expect(running.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByTestId('download-state-30-1-2').textContent).toBe(
      'This video does not currently support caching!',
    );
    expect(screen.getByTestId('download-state-30-1-4').textContent).toBe('The download address is incorrect');
    expect(screen.getByTestId('download-state-30-1-5').textContent).toBe('Download error, please try again');
    expect(screen.getByTestId('download-state-30-1-6').textContent).toBe('Not enough storage on this device');
    expect(screen.getByTestId('download-state-30-1-7').textContent).toBe('Paused');
    expect(await screen.findByTestId('downloads-space')).toHaveProperty(
      'textContent',
      'Downloads 47.0 MB · 2.0 GB free',
    );
  });

  it('pauses, resumes, retries, deletes and plays', async () => {
    seed();
    withManager(
      <Routes>
        <Route path="/" element={<DownloadPage />} />
        <Route path={paths.downloadPlay} element={<p>player</p>} />
      </Routes>,
    );
    fireEvent.click(await screen.findByTestId('download-pause-30-1-1'));
    await waitFor(() => expect(screen.getByTestId('download-state-30-1-1').textContent).toBe('Paused'));
    fireEvent.click(screen.getByTestId('download-resume-30-1-1'));
    fireEvent.click(screen.getByTestId('download-resume-30-1-5'));
    await waitFor(() => expect(screen.getByTestId('download-state-30-1-5').textContent).toBe('Waiting'));
    expect(log).toEqual(['pause:30-1-1', 'resume:30-1-1', 'resume:30-1-5']);

    fireEvent.click(screen.getByTestId('download-delete-30-1-2'));
    fireEvent.click(await screen.findByText('Delete', { selector: '.adm-dialog-button *, .adm-dialog-button' }));
    await waitFor(() => expect(screen.queryByTestId('download-task-30-1-2')).toBeNull());
    expect(log).toContain('remove:30-1-2');

    fireEvent.click(screen.getByTestId('download-play-20-1-1'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`${paths.downloadPlay}?id=20-1-1`));
  });

  it('selects several in edit mode and deletes them at once', async () => {
    seed();
    withManager(<DownloadPage />);
    fireEvent.click(await screen.findByTestId('downloads-edit'));
    fireEvent.click(screen.getByTestId('download-select-20-1-1'));
    fireEvent.click(screen.getByTestId('download-select-30-1-7'));
    fireEvent.click(screen.getByTestId('downloads-delete-selected'));
    fireEvent.click(await screen.findByText('Delete', { selector: '.adm-dialog-button *, .adm-dialog-button' }));
    await waitFor(() => expect(log).toContain('remove:20-1-1,30-1-7'));
    await waitFor(() => expect(screen.queryByTestId('downloads-title-20')).toBeNull());
  });

  it('changes the quality and the tasks at once', async () => {
    withManager(<DownloadPage />);
    fireEvent.click(await screen.findByTestId('downloads-settings'));
    fireEvent.click(await screen.findByText('Highest'));
    fireEvent.click(screen.getByText('2'));
    await waitFor(() => expect(manager.current).toEqual({ quality: 'highest', maxConcurrent: 2 }));
  });

  it('leads to the catalogue when there is nothing', async () => {
    withManager(<DownloadPage />);
    fireEvent.click(await screen.findByTestId('downloads-browse'));
    expect(screen.getByTestId('where').textContent).toBe(paths.sort);
  });
});
