import fs from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';
import { adminToken, presetDevice, userToken } from './catalogue-helpers';
import { createRewardedVideoAd, expectVideoAdvances, vodIdByName } from './helpers';

test.use({ locale: 'en-US', isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } });

const FIRST = '城南旧案';
const SECOND = '星海拾光';
const AD_SECONDS = 4;
const AD_FILE = 'ads/rewarded-e2e.webm';
const SHOTS = `.tmp/rewarded-shots-${process.env.E2E_PORT ?? 18080}`;

async function setGuestViews(request: APIRequestContext, admin: string, freeViews: number) {
  const res = await request.patch('/api/admin/points/settings', {
    headers: { authorcode: admin },
    data: { quotas: [{ group_id: 1, free_views: freeViews, free_downloads: 0 }] },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function openTitle(page: Page, name: string) {
  const id = await vodIdByName(page, name);
  await page.goto(`/#/pages/detail/mov-detail?id=${id}`);
  return id;
}

test.describe
  .serial('rewarded ads', () => {
    let admin = '';
    let adId = 0;

    test.beforeAll(async ({ request }) => {
      admin = await adminToken(request);
      adId = await createRewardedVideoAd(request, admin, {
        name: 'Rewarded e2e ad',
        file: AD_FILE,
        seconds: AD_SECONDS,
      });
      await setGuestViews(request, admin, 1);
      fs.mkdirSync(SHOTS, { recursive: true });
    });

    test.afterAll(async ({ request }) => {
      await setGuestViews(request, admin, 3);
      if (adId) await request.delete(`/api/admin/ads/${adId}`, { headers: { authorcode: admin } });
    });

    test('a member uses up the free views, is blocked with the three choices, watches a rewarded ad to the end and plays', async ({
      page,
      request,
    }) => {
      await presetDevice(page, { locale: 'en-us' });
      // The free view of the day.
      await openTitle(page, FIRST);
      await expectVideoAdvances(page, 1);
      const token = await userToken(page);

      // The second title: blocked, with the three choices of spec §5.
      await openTitle(page, SECOND);
      const blocked = page.getByTestId('quota-blocked');
      await expect(blocked).toBeVisible();
      await expect(blocked).toHaveAttribute('data-reason', 'blocked');
      await expect(page.getByTestId('quota-choice-ad')).toBeVisible();
      await expect(page.getByTestId('quota-choice-login')).toBeVisible();
      await expect(page.getByTestId('quota-choice-vip')).toBeVisible();
      await expect(page.getByTestId('player-video')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/blocked.png` });

      // Closing the ad before its end grants nothing.
      await page.getByTestId('quota-choice-ad').click();
      const ad = page.getByTestId('rewarded-ad');
      await expect(ad).toBeVisible();
      await expect(page.getByTestId('rewarded-countdown')).toContainText('Reward in');
      await page.getByTestId('rewarded-close').click();
      await expect(ad).toHaveCount(0);
      await expect(page.getByTestId('toast')).toHaveText('Watch the ad to the end to get the reward');
      await expect(blocked).toBeVisible();

      // Watching it to the end: the server times it, credits one view, and the episode plays.
      const nonceResponse = page.waitForResponse((r) => r.url().endsWith('/api/rewards/nonce'));
      await page.getByTestId('quota-choice-ad').click();
      const nonce = (await (await nonceResponse).json()).info.nonce as string;
      await expect(ad).toBeVisible();
      await expect
        .poll(() => page.getByTestId('rewarded-video').evaluate((v: HTMLVideoElement) => v.currentTime))
        .toBeGreaterThan(0.5);
      await page.screenshot({ path: `${SHOTS}/rewarded-ad.png` });
      await expect(ad).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByTestId('toast')).toHaveText('You got 1 more view');
      await expect(blocked).toHaveCount(0);
      await expectVideoAdvances(page, 1);

      // A replayed "ended" report (as a client trick would send it) pays nothing more: the view was spent on play.
      const replay = await request.post('/api/rewards/progress', {
        headers: { authorcode: token },
        data: { nonce, event: 'ended' },
      });
      expect(replay.ok()).toBe(true);
      expect((await replay.json()).info).toMatchObject({ granted: true, balance: 0 });

      // The console counts the completed reward of the ad.
      const report = await request.get('/api/admin/rewards/report', { headers: { authorcode: admin } });
      const rows = (await report.json()).list as { ad_id: number | null; issued: number; granted: number }[];
      expect(rows.find((r) => r.ad_id === adId)).toMatchObject({ issued: 2, granted: 1 });
    });

    test('the console shows the settings, the completed rewards by ad and the latest nonces', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/admin/');
      await page.locator('input#admin_name, input[name="admin_name"]').first().fill('admin');
      await page
        .locator('input#admin_pwd, input[name="admin_pwd"], input[type="password"]')
        .first()
        .fill(ADMIN_PASSWORD);
      await page.locator('button[type="submit"]').first().click();
      await expect(page.getByTestId('sign-out')).toBeVisible();
      await page.goto('/admin/#/rewards');
      await expect(page.getByTestId('reward-settings')).toBeVisible();
      await expect(page.getByTestId('reward-cap-view')).toHaveValue('10');
      await expect(page.getByTestId('rewards-report')).toContainText('Rewarded e2e ad');
      await expect(page.getByTestId('rewards-recent').locator('tbody tr')).not.toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/console-rewards.png`, fullPage: true });
    });
  });
