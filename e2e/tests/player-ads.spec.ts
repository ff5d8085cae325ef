/**
 * Ads in the player (issue 5 item 4; spec §4 "Pre-roll ad", §5, §6): with the demo's slot-12 ad switched on through
 * the console API, a new viewer on a phone sees the pre-roll count down from 5 s while the episode buffers under
 * it, skips it at zero and the episode plays; pausing shows the pause ad, resuming removes it; a VIP (set through
 * the console) sees none. The switch is turned off again afterwards (the e2e server seeds it off: DEMO_ADS=0).
 * Last, the watch-record sync: a second device of the same account resumes where the first left off.
 */
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminToken, presetDevice, userToken } from './catalogue-helpers';
import { expectVideoAdvances, vodIdByName } from './helpers';

test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

const TITLE = '城南旧案';

async function setAdSwitch(request: APIRequestContext, token: string, on: boolean) {
  const res = await request.patch('/api/admin/app-config', {
    headers: { authorcode: token },
    data: { ads: { list: on ? [12] : [], showGoogle: false, showVipAd: false } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const video = (page: Page) => page.getByTestId('player-video');

/**
 * Records what the episode's `<video>` (the boot script's early player, then the page's) does, by its events:
 * `window.__episodeLog` gets `play`, `playing`, `timeupdate` and `volumechange` with the element's time, paused and
 * muted state, and whether the test had already ended the pre-roll (`window.__prerollOver`, set before its skip).
 * `window.__countdown` gets each number the pre-roll's countdown shows, in order, as the page draws it (a
 * MutationObserver: a poll from the test could miss a one-second value on a busy machine).
 */
async function recordEpisode(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __episodeLog: unknown[]; __prerollOver: boolean; __countdown: number[] };
    w.__episodeLog = [];
    w.__prerollOver = false;
    w.__countdown = [];
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="preroll-countdown"]')?.textContent ?? '';
      const shown = text.match(/\d+/)?.[0];
      if (shown !== undefined && w.__countdown.at(-1) !== Number(shown)) w.__countdown.push(Number(shown));
    }).observe(document, { subtree: true, childList: true, characterData: true });
    for (const type of ['play', 'playing', 'timeupdate', 'volumechange']) {
      document.addEventListener(
        type,
        (e) => {
          const v = e.target as HTMLVideoElement;
          if (v.dataset?.testid !== 'player-video') return;
          w.__episodeLog.push({ type, t: v.currentTime, paused: v.paused, muted: v.muted, over: w.__prerollOver });
        },
        true,
      );
    }
  });
}

type EpisodeEvent = { type: string; t: number; paused: boolean; muted: boolean; over: boolean };
const episodeLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __episodeLog: EpisodeEvent[] }).__episodeLog);

async function openTitle(page: Page) {
  await presetDevice(page);
  await recordEpisode(page);
  const id = await vodIdByName(page, TITLE);
  await page.goto(`/#/pages/detail/mov-detail?id=${id}`);
}

test.describe
  .serial('player ads', () => {
    let admin = '';

    test.beforeAll(async ({ request }) => {
      admin = await adminToken(request);
      const ads = await request.get('/api/admin/ads?ad_local_type=12', { headers: { authorcode: admin } });
      const list = (await ads.json()).list as Array<{ ad_id: number; ad_pic_url: string; ad_duration: number }>;
      // The demo seed's ad: an image made by sharp, shown 10 s at most (skippable from 5 s).
      expect(list).toHaveLength(1);
      expect(list[0]?.ad_duration).toBe(10);
      const img = await request.get(list[0]?.ad_pic_url ?? '');
      expect(img.headers()['content-type']).toContain('image/jpeg');
      await setAdSwitch(request, admin, true);
    });

    test.afterAll(async ({ request }) => {
      await setAdSwitch(request, admin, false);
    });

    test('the pre-roll counts down while the episode buffers, skips at zero, then the episode plays', async ({
      page,
    }) => {
      await openTitle(page);
      const ad = page.getByTestId('preroll-ad');
      await expect(ad).toBeVisible();
      // The viewer comes back to the title (a reload): signed in and with the title's view taken, the boot script
      // has the episode's address at once and its early player may start it before the app renders.
      await page.reload();
      await expect(ad).toBeVisible();
      await expect(ad.locator('img')).toHaveJSProperty('complete', true);
      expect(await ad.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(1280);

      const countdown = page.getByTestId('preroll-countdown');
      const seconds = async () => Number((await countdown.textContent())?.match(/\d+/)?.[0] ?? Number.NaN);
      const first = await seconds();
      expect(first).toBeGreaterThanOrEqual(3);
      expect(first).toBeLessThanOrEqual(5);
      await expect(page.getByTestId('preroll-skip')).toHaveCount(0);
      // The countdown goes down one second at a time: every number it showed is one less than the one before.
      const shown = () => page.evaluate(() => (window as unknown as { __countdown: number[] }).__countdown);
      await expect.poll(shown, { timeout: 3000 }).toContain(first - 1);
      const values = await shown();
      expect(values).toContain(first);
      expect(values).toEqual(values.map((_, i) => (values[0] ?? 0) - i));

      // Meanwhile the episode is held: loaded and buffered, not playing.
      await expect
        .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.buffered.length > 0 && v.readyState >= 2))
        .toBe(true);
      expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused && v.currentTime === 0)).toBe(true);

      // At zero the skip control appears; the countdown is gone.
      const skip = page.getByTestId('preroll-skip');
      await expect(skip).toBeVisible({ timeout: 8000 });
      await expect(countdown).toHaveCount(0);
      // Nothing of the episode has played or sounded under the ad (nor before it covered the player): no play, no
      // playing, its time never moved from 0.
      const underAd = await episodeLog(page);
      expect(underAd.filter((e) => e.type === 'play' || e.type === 'playing')).toEqual([]);
      expect(underAd.filter((e) => e.t > 0)).toEqual([]);
      expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused && v.currentTime === 0)).toBe(true);
      await page.evaluate(() => {
        (window as unknown as { __prerollOver: boolean }).__prerollOver = true;
      });
      await skip.tap();
      await expect(ad).toHaveCount(0);
      await expectVideoAdvances(page, 1);
      // Played only after the skip.
      const log = await episodeLog(page);
      expect(log.some((e) => e.type === 'playing')).toBe(true);
      expect(log.filter((e) => (e.type === 'play' || e.type === 'playing' || e.t > 0) && !e.over)).toEqual([]);
    });

    test('pausing shows the pause ad, which resuming removes and its close control hides', async ({ page }) => {
      await openTitle(page);
      await page.getByTestId('preroll-skip').tap({ timeout: 15_000 });
      await expectVideoAdvances(page, 1);
      const pauseAd = page.getByTestId('pause-ad');
      await expect(pauseAd).toHaveCount(0);

      const pause = async () => {
        if (!(await page.getByTestId('player-bottom-bar').isVisible())) {
          const g = await page.getByTestId('player-gestures').boundingBox();
          if (!g) throw new Error('no gesture layer');
          await page.touchscreen.tap(g.x + g.width * 0.2, g.y + g.height * 0.3);
        }
        await page.getByTestId('player-play').tap();
        await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
      };
      await pause();
      await expect(pauseAd).toBeVisible();
      await expect(pauseAd.locator('img')).toHaveJSProperty('complete', true);
      // Beside the big centre play button, never over it: their boxes do not meet and a tap at any point of the
      // button reaches the button.
      const centre = page.getByTestId('player-centre');
      await expect(centre).toBeVisible();
      const [adBox, centreBox] = [await pauseAd.boundingBox(), await centre.boundingBox()];
      if (!adBox || !centreBox) throw new Error('no box for the pause ad or the centre button');
      const meet =
        adBox.x < centreBox.x + centreBox.width &&
        centreBox.x < adBox.x + adBox.width &&
        adBox.y < centreBox.y + centreBox.height &&
        centreBox.y < adBox.y + adBox.height;
      expect(meet, `pause ad ${JSON.stringify(adBox)} meets the centre button ${JSON.stringify(centreBox)}`).toBe(
        false,
      );
      const edgesOnTop = await centre.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const points = [
          [r.left + r.width / 2, r.top + r.height / 2],
          [r.right - 2, r.top + r.height / 2],
          [r.left + 2, r.top + r.height / 2],
        ];
        return points.every(([x, y]) => {
          const hit = document.elementFromPoint(x ?? 0, y ?? 0);
          return Boolean(hit && el.contains(hit));
        });
      });
      expect(edgesOnTop).toBe(true);
      await page.screenshot({ path: '/tmp/polish-pause-ad.png' });

      // Resume: the ad goes.
      await page.getByTestId('player-play').tap();
      await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
      await expect(pauseAd).toHaveCount(0);

      // Pause again and close it: it stays closed while paused.
      await pause();
      await expect(pauseAd).toBeVisible();
      await page.getByTestId('pause-ad-close').tap();
      await expect(pauseAd).toHaveCount(0);
      expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    });

    test('a VIP sees no pre-roll and no pause ad', async ({ page, request }) => {
      await presetDevice(page);
      await page.goto('/');
      const token = await userToken(page);
      const me = await request.post('/api/user/info', { headers: { authorcode: token } });
      const userId = (await me.json()).info.user_id as number;
      const vip = await request.patch(`/api/admin/users/${userId}`, {
        headers: { authorcode: admin },
        data: { group_id: 3, user_end_time: Math.floor(Date.now() / 1000) + 86_400 },
      });
      expect(vip.ok(), await vip.text()).toBe(true);
      // The server decides: the VIP's ad list is empty even when asked.
      const asked = await request.get('/api/ads?ad_local_type=12', { headers: { authorcode: token } });
      expect((await asked.json()).list).toEqual([]);
      const guest = await request.get('/api/ads?ad_local_type=12');
      expect((await guest.json()).list).toHaveLength(1);

      const id = await vodIdByName(page, TITLE);
      await page.goto(`/#/pages/detail/mov-detail?id=${id}`);
      await expectVideoAdvances(page, 1);
      await expect(page.getByTestId('preroll-ad')).toHaveCount(0);
      await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.pause());
      await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
      await expect(page.getByTestId('pause-ad')).toHaveCount(0);
    });
  });

/**
 * Watch-record sync (issue 5 item 2): the same account on two devices (the automatic account of one device id, as
 * a second phone signed in to it): the first plays to a second and leaves the title; the second device, with an
 * empty local record, pulls the server's record at start and resumes the title at that second.
 */
test('a signed-in user resumes on another device at the second saved on the first', async ({ browser }) => {
  // A device id is 32 hex characters (lib/storage.ts); the same id on two devices means the same automatic account.
  const deviceId = randomBytes(16).toString('hex');
  const open = async () => {
    const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    await context.addInitScript((id) => localStorage.setItem('openvod-deviceid', id), deviceId);
    const page = await context.newPage();
    await presetDevice(page);
    return { context, page };
  };

  const a = await open();
  // The episode is 12 s long: stay clear of its last 5 s (a record that close to the end starts over).
  const id = await vodIdByName(a.page, TITLE);
  await a.page.goto(`/#/pages/detail/mov-detail?id=${id}&sid=1&nid=1`);
  await expectVideoAdvances(a.page, 1);
  await video(a.page).evaluate((v: HTMLVideoElement) => {
    v.currentTime = 3;
  });
  await expect.poll(() => video(a.page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(4);
  await video(a.page).evaluate((v: HTMLVideoElement) => v.pause());
  const saved = await video(a.page).evaluate((v: HTMLVideoElement) => v.currentTime);
  const token = await userToken(a.page);
  // Leaving the title saves and pushes the record (ajaxUlog ac=set type=4).
  await a.page.goto('/#/');
  await expect
    .poll(
      async () => {
        const res = await a.page.request.get(`/api/user/ulog?type=4&id=${id}`, { headers: { authorcode: token } });
        const body = (await res.json()) as {
          list: Array<{ ulog_progress: number; ulog_sid: number; ulog_nid: number }>;
        };
        return body.list[0]?.ulog_progress ?? -1;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(Math.floor(saved) - 1);
  await a.context.close();

  const b = await open();
  await b.page.goto('/');
  expect(await userToken(b.page)).not.toBe('');
  // The start-up pull brings the record into this device's empty store.
  await expect
    .poll(
      () =>
        b.page.evaluate((vodId) => {
          const stored = JSON.parse(localStorage.getItem('openvod-watch-record') ?? '{}') as {
            state?: { byUser?: Record<string, Array<{ vod_id: number; cdur: number }>> };
          };
          const all = Object.values(stored.state?.byUser ?? {}).flat();
          return all.find((r) => r.vod_id === vodId)?.cdur ?? -1;
        }, id),
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(Math.floor(saved) - 1);
  await b.page.goto(`/#/pages/detail/mov-detail?id=${id}`);
  await expect
    .poll(() => video(b.page).evaluate((v: HTMLVideoElement) => (v.readyState >= 2 ? v.currentTime : -1)), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(Math.round(saved) - 1);
  expect(await video(b.page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(saved + 4);
  await b.context.close();
});
