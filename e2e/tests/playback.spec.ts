import { expect, test } from '@playwright/test';
import { expectVideoAdvances, playableDetail, vodIdByName } from './helpers';

test('home page shows posters; tapping a title plays it', async ({ page }) => {
  await page.goto('/');
  const card = page.locator('[data-testid^="vod-card-"]').first();
  await expect(card).toBeVisible();
  const img = card.locator('img').first();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  await card.click();
  await expect(page).toHaveURL(/#\/pages\/detail\/mov-detail\?id=\d+/);
  await expectVideoAdvances(page);
});

test('the AES-128 encrypted title plays', async ({ page }) => {
  const id = await vodIdByName(page, '月背回声');
  const detail = await playableDetail(page.request, id);
  const playlist = await (await page.request.get(detail.info.sources[0]?.episodes[0]?.url ?? '')).text();
  expect(playlist).toContain('#EXT-X-KEY:METHOD=AES-128');
  await page.goto(`/#/pages/detail/mov-detail?id=${id}`);
  await expectVideoAdvances(page);
});

test('the two-rendition master playlist plays', async ({ page }) => {
  const id = await vodIdByName(page, '星海拾光');
  const detail = await playableDetail(page.request, id);
  const master = await (await page.request.get(detail.info.sources[0]?.episodes[0]?.url ?? '')).text();
  expect(master.match(/#EXT-X-STREAM-INF/g)).toHaveLength(2);
  await page.goto(`/#/pages/detail/mov-detail?id=${id}`);
  await expectVideoAdvances(page);
});

test('a series: choosing episode 2 of 12 plays it and highlights it', async ({ page }) => {
  // A returning viewer: the first-launch privacy sheet (accounts.spec.ts covers it) would cover the episode grid.
  await page.addInitScript(() => {
    if (!localStorage.getItem('openvod-settings')) {
      localStorage.setItem('openvod-settings', JSON.stringify({ state: { permissionAgree: true }, version: 1 }));
    }
  });
  const id = await vodIdByName(page, '长安夜行录');
  const detail = await playableDetail(page.request, id);
  const episodes = detail.info.sources[0]?.episodes ?? [];
  // Compare path + query only: the API may give absolute URLs on the public origin.
  const where = (url: string) => {
    const u = new URL(url, 'http://x');
    return u.pathname + u.search;
  };
  const ep2Url = where(episodes[1]!.url);
  expect(ep2Url).not.toBe(where(episodes[0]!.url));

  await page.goto(`/#/pages/detail/mov-detail?id=${id}`);
  await expect(page.locator('[data-testid^="episode-1-"]')).toHaveCount(12);
  const ep1 = page.getByTestId('episode-1-1');
  const ep2 = page.getByTestId('episode-1-2');
  await expect(ep1).toHaveAttribute('aria-current', 'true');
  await expect(ep2).not.toHaveAttribute('aria-current');

  const ep2Requested = page.waitForRequest((req) => where(req.url()) === ep2Url);
  await ep2.click();
  await ep2Requested;
  await expect(page).toHaveURL(/nid=2/);
  await expect(ep2).toHaveAttribute('aria-current', 'true');
  await expect(ep2).toHaveAttribute('data-active', 'true');
  await expect(ep1).not.toHaveAttribute('aria-current');
  await expect(ep1).not.toHaveAttribute('data-active');
  await expectVideoAdvances(page);
});
