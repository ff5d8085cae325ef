import { expect, test } from '@playwright/test';
import { expectVideoAdvances, vodIdByName } from './helpers';

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
  const detail = await (await page.request.get(`/api/vod/${id}`)).json();
  const playlist = await (await page.request.get(detail.info.sources[0].episodes[0].url)).text();
  expect(playlist).toContain('#EXT-X-KEY:METHOD=AES-128');
  await page.goto(`/#/pages/detail/mov-detail?id=${id}`);
  await expectVideoAdvances(page);
});

test('the two-rendition master playlist plays', async ({ page }) => {
  const id = await vodIdByName(page, '星海拾光');
  const detail = await (await page.request.get(`/api/vod/${id}`)).json();
  const master = await (await page.request.get(detail.info.sources[0].episodes[0].url)).text();
  expect(master.match(/#EXT-X-STREAM-INF/g)).toHaveLength(2);
  await page.goto(`/#/pages/detail/mov-detail?id=${id}`);
  await expectVideoAdvances(page);
});

test('a series: choosing episode 2 of 12 plays it and highlights it', async ({ page }) => {
  const id = await vodIdByName(page, '长安夜行录');
  await page.goto(`/#/pages/detail/mov-detail?id=${id}`);
  await expect(page.locator('[data-testid^="episode-1-"]')).toHaveCount(12);
  const ep2 = page.getByTestId('episode-1-2');
  await ep2.click();
  await expect(page).toHaveURL(/nid=2/);
  await expectVideoAdvances(page);
  const src = await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.currentSrc);
  expect(src).not.toBe('');
});
