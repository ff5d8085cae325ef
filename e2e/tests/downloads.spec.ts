import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { adminToken, presetDevice } from './catalogue-helpers';
import { createRewardedVideoAd, expectVideoAdvances, logInWithPassword, registerMember, vodIdByName } from './helpers';

test.use({ locale: 'en-US', isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } });

const SERIES = '长安夜行录';
const AD_SECONDS = 4;
const AD_FILE = 'ads/downloads-e2e.webm';
const SHOTS = `.tmp/downloads-shots-${process.env.E2E_PORT ?? 18080}`;

/** Open the series' download sheet on the title page. */
async function openSheet(page: Page, id: number) {
  await page.goto(`/#/pages/detail/mov-detail?id=${id}`);
  await page.getByTestId('download-title').click();
  await expect(page.getByTestId('download-episodes')).toBeVisible();
}

test.describe
  .serial('downloads', () => {
    let admin = '';
    let adId = 0;

    test.beforeAll(async ({ request }) => {
      admin = await adminToken(request);
      adId = await createRewardedVideoAd(request, admin, {
        name: 'Rewarded downloads e2e ad',
        file: AD_FILE,
        seconds: AD_SECONDS,
      });
      fs.mkdirSync(SHOTS, { recursive: true });
    });

    test.afterAll(async ({ request }) => {
      if (adId) await request.delete(`/api/admin/ads/${adId}`, { headers: { authorcode: admin } });
    });

    test('a member downloads two episodes, plays both with the network off, and unlocks a third with a rewarded ad', async ({
      page,
      context,
      request,
    }) => {
      test.setTimeout(300_000);
      const member = await registerMember(request, 'dl');
      await presetDevice(page, { locale: 'en-us', dark: true });
      await logInWithPassword(page, member);
      const id = await vodIdByName(page, SERIES);
      const task = (nid: number) => `${id}-1-${nid}`;

      // The sheet: choose episodes 1 and 2, download. Each takes its free download before it is queued.
      await openSheet(page, id);
      await page.getByTestId('download-episode-1').click();
      await page.getByTestId('download-episode-2').click();
      await expect(page.getByTestId('download-start')).toHaveText('Download (2)');
      await page.screenshot({ path: `${SHOTS}/sheet.png` });
      // Slow the network so the download page shows the tasks in progress (CDP throttling; lifted below).
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 100,
        downloadThroughput: 60_000,
        uploadThroughput: 60_000,
      });
      const claims: string[] = [];
      const reports: string[] = [];
      page.on('requestfinished', async (r) => {
        if (new URL(r.url()).pathname !== '/api/download/report') return;
        const body = r.postDataJSON() as { nid: number; event: string };
        const answer = await r.response();
        reports.push(`${body.nid}:${body.event}:${answer?.status()}`);
      });
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.pathname === '/api/user/ulog' && u.searchParams.get('type') === '5')
          claims.push(u.searchParams.get('nid') ?? '');
      });
      await page.getByTestId('download-start').click();
      await expect(page.getByTestId('toast')).toHaveText('Added to downloads: 2');
      await expect(page.getByTestId('download-episode-1')).toBeDisabled();
      await expect(page.getByTestId('download-episode-2')).toBeDisabled();
      expect(claims).toEqual(['1', '2']);

      // The download page: both tasks, in progress, then completed.
      await page.getByTestId('download-open-page').click();
      await expect(page).toHaveURL(/#\/pages\/me\/download\/index/);
      await expect(page.getByTestId(`download-task-${task(1)}`)).toBeVisible();
      await expect(page.getByTestId(`download-task-${task(2)}`)).toBeVisible();
      // At least one of them shows its progress (the first may be done already).
      await expect(
        page.locator('[data-state="downloading"] [role="progressbar"]:not([aria-valuenow="0"])').first(),
      ).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/page-progress-dark.png` });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      for (const nid of [1, 2])
        await expect(page.getByTestId(`download-state-${task(nid)}`)).toHaveText('Completed', { timeout: 120_000 });
      await expect(page.getByTestId('downloads-space')).toContainText('free');
      // The engine's events reach the downloads report (the server counts them: both episodes hold their entry).
      await expect
        .poll(() => [...reports].sort())
        .toEqual(['1:completed:200', '1:started:200', '2:completed:200', '2:started:200']);
      await page.screenshot({ path: `${SHOTS}/page-completed-dark.png` });

      // Offline: the player's code is loaded once online (the app's lazy chunks), then the network goes off.
      await page.getByTestId(`download-play-${task(1)}`).click();
      await expect(page.getByTestId('offline-player')).toBeVisible();
      await page.goBack();
      await expect(page.getByTestId('downloads-page')).toBeVisible();
      await context.setOffline(true);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      for (const nid of [1, 2]) {
        await page.getByTestId(`download-play-${task(nid)}`).click();
        await expect(page.getByTestId('offline-player')).toHaveAttribute('data-task', task(nid));
        await expectVideoAdvances(page, 2);
        await page.goBack();
        await expect(page.getByTestId('downloads-page')).toBeVisible();
      }
      // Still offline, the title page (its detail known from before) plays a downloaded episode from the device.
      await page.evaluate((vod) => {
        window.location.hash = `#/pages/detail/mov-detail?id=${vod}&sid=1&nid=2`;
      }, id);
      await expect(page.getByTestId('now-playing')).toContainText('02');
      await expectVideoAdvances(page, 2);
      await page.goBack();
      await expect(page.getByTestId('downloads-page')).toBeVisible();
      // Played: no longer marked new. The progress kept on the device goes to the server when the network returns.
      for (const nid of [1, 2]) await expect(page.getByTestId(`download-new-${task(nid)}`)).toHaveCount(0);
      const synced = page.waitForRequest((r) => {
        const u = new URL(r.url());
        return (
          u.pathname === '/api/user/ulog' && u.searchParams.get('type') === '4' && u.searchParams.get('ac') === 'set'
        );
      });
      await context.setOffline(false);
      const sync = new URL((await synced).url());
      expect(sync.searchParams.get('id')).toBe(String(id));
      expect(Number(sync.searchParams.get('progress'))).toBeGreaterThan(0);

      // The title page plays a downloaded episode from the device: the demo media addresses are cut off meanwhile.
      await page.route('**/media/demo/**', (route) => route.abort());
      await page.goto(`/#/pages/detail/mov-detail?id=${id}&sid=1&nid=1`);
      await expectVideoAdvances(page, 2);
      await page.unroute('**/media/demo/**');

      // Free downloads used up: a third episode shows the blocked screen; the rewarded ad earns one more.
      await openSheet(page, id);
      await page.getByTestId('download-episode-3').click();
      await page.getByTestId('download-start').click();
      const blocked = page.getByTestId('quota-blocked');
      await expect(blocked).toHaveAttribute('data-kind', '5');
      await expect(blocked).toHaveAttribute('data-reason', 'blocked');
      await expect(blocked).toContainText('No download times left today');
      await expect(page.getByTestId('quota-choice-login')).toBeVisible();
      await expect(page.getByTestId('quota-choice-vip')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/blocked.png` });
      await page.getByTestId('quota-choice-ad').click();
      await expect(page.getByTestId('rewarded-ad')).toBeVisible();
      await expect(page.getByTestId('rewarded-ad')).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByTestId('toast')).toHaveText('Added to downloads: 1');
      await expect(page.getByTestId('download-episode-3')).toBeDisabled();
      expect(claims.filter((n) => n === '3').length).toBeGreaterThanOrEqual(1);

      // The download page in the light theme and in other languages (looked at for truncation): new pages of the
      // same context (same IndexedDB and session), each with its own device settings.
      // The Me page's offline cache entry opens the download page.
      await page.goto('/#/pages/me/index');
      await page.getByTestId('me-downloads').click();
      await expect(page).toHaveURL(/#\/pages\/me\/download\/index/);
      await expect(page.getByTestId(`download-state-${task(3)}`)).toHaveText('Completed', { timeout: 120_000 });
      for (const [locale, dark] of [
        ['en-us', false],
        ['zh-cn', true],
        ['ja-jp', true],
        ['fr-fr', false],
      ] as const) {
        const other = await context.newPage();
        await presetDevice(other, { locale, dark });
        await other.goto('/#/pages/me/download/index');
        await expect(other.getByTestId(`download-task-${task(1)}`)).toBeVisible();
        await other.screenshot({ path: `${SHOTS}/page-${locale}-${dark ? 'dark' : 'light'}.png` });
        if (locale === 'fr-fr') {
          await other.getByTestId('downloads-edit').click();
          await other.getByTestId(`download-select-${task(1)}`).click();
          await other.screenshot({ path: `${SHOTS}/page-${locale}-edit.png` });
          await other.getByTestId('downloads-settings').click();
          // The sheet slides in: its last line fully on screen means it is in place.
          await expect(other.getByText("La qualité s'applique", { exact: false })).toBeInViewport({ ratio: 1 });
          await other.screenshot({ path: `${SHOTS}/page-${locale}-settings.png` });
        }
        await other.close();
      }
    });
  });
