import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { userToken } from './catalogue-helpers';
import {
  categoryTitles,
  expectMediaCategoriesOpen,
  imageLoaded,
  MEDIA_SHOTS,
  presetDevice,
  specialTypeId,
  swipe,
} from './media-feeds-helpers';

test('wallpaper tab → detail → swipe → save → collect → collection', async ({ page }) => {
  await expectMediaCategoriesOpen(page);
  await presetDevice(page);
  await page.goto('/');
  // The launch signs the device's guest in; the viewer's details are cached per user, so a sign-in landing in the
  // middle of a swipe would reload them under the finger. Wait for it first.
  await userToken(page);
  await page.getByTestId('tab-wallpaper').click();
  await expect(page).toHaveURL(/#\/pages\/wallpaper\/index$/);
  const cards = page.locator('[data-testid^="wallpaper-card-"]');
  await expect(cards.nth(1)).toBeVisible();
  await imageLoaded(cards.nth(0).locator('img'));
  await imageLoaded(cards.nth(1).locator('img'));
  await page.screenshot({ path: `${MEDIA_SHOTS}/wallpaper-index.png` });

  // The gallery category from getType's special ids, listed by `data`.
  const list = await categoryTitles(page, await specialTypeId(page, 'app_gallery_typeid'));
  const [first, second, third] = list;
  if (!first || !second || !third) throw new Error('the gallery needs three titles');
  // Two columns: the second title heads the right-hand column.
  const secondCard = page.getByTestId(`wallpaper-card-${second.vod_id}`);
  const firstBox = await page.getByTestId(`wallpaper-card-${first.vod_id}`).boundingBox();
  const secondBox = await secondCard.boundingBox();
  expect(secondBox?.x).toBeGreaterThan((firstBox?.x ?? 0) + (firstBox?.width ?? 0));
  expect(Math.abs((secondBox?.y ?? 0) - (firstBox?.y ?? 0))).toBeLessThan(2);

  // Tapping the second tile opens the viewer on it.
  await secondCard.click();
  await expect(page).toHaveURL(new RegExp(`#/pages/wallpaper/detail\\?id=${second.vod_id}`));
  const current = page.locator('figure[data-current][data-loaded]');
  await expect(current.getByTestId('wallpaper-picture')).toHaveAttribute('alt', second.vod_name);
  await imageLoaded(current.getByTestId('wallpaper-picture'));
  const secondUrl = await current.getAttribute('data-url');
  // The picture itself (the title's play URL), not the poster.
  const secondDetail = await (await page.request.get(`/api/vod/${second.vod_id}`)).json();
  expect(secondUrl).toBe(secondDetail.info.sources[0].episodes[0].url);
  await page.screenshot({ path: `${MEDIA_SHOTS}/wallpaper-detail.png` });

  // Swipe left, once: the next wallpaper of the list.
  await swipe(page, -260, 0);
  await expect(current.getByTestId('wallpaper-picture')).toHaveAttribute('alt', third.vod_name);
  await imageLoaded(current.getByTestId('wallpaper-picture'));
  // ...and right again, then the arrow key forward.
  await swipe(page, 260, 0);
  await expect(current.getByTestId('wallpaper-picture')).toHaveAttribute('alt', second.vod_name);
  await page.keyboard.press('ArrowRight');
  await expect(current.getByTestId('wallpaper-picture')).toHaveAttribute('alt', third.vod_name);
  const thirdUrl = (await current.getAttribute('data-url')) ?? '';

  // Save downloads the picture file itself.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('wallpaper-save').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${third.vod_name}.*\\.(jpg|jpeg|png|webp)$`));
  const saved = await fs.readFile((await download.path()) ?? '');
  const original = await (await page.request.get(thirdUrl)).body();
  expect(saved.length).toBeGreaterThan(1000);
  expect(saved.equals(original)).toBe(true);

  // Collect it.
  const collect = page.getByTestId('wallpaper-collect');
  await expect(collect).toHaveAttribute('aria-pressed', 'false');
  await collect.click();
  await expect(collect).toHaveAttribute('aria-pressed', 'true');
  // Stored on the device under the viewer's user_id (the guest the launch signed in, or 0).
  const { stored, userId } = await page.evaluate(() => ({
    stored: JSON.parse(localStorage.getItem('openvod-wallpaper-collection') ?? '{}'),
    userId: JSON.parse(localStorage.getItem('openvod-user') ?? '{}').state?.user?.user_id ?? 0,
  }));
  expect(Object.keys(stored.state.byUser)).toEqual([String(userId)]);
  const records = stored.state.byUser[String(userId)] as Record<string, unknown>[];
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({ vod_id: third.vod_id, vod_name: third.vod_name, vod_play_url: thirdUrl });
  // The spec's fields, and (issue 7) the picture's source and number that name it on the server.
  expect(Object.keys(records[0] ?? {}).sort()).toEqual([
    'nid',
    'sid',
    'time',
    'vod_id',
    'vod_name',
    'vod_pic',
    'vod_play_url',
  ]);
  await page.screenshot({ path: `${MEDIA_SHOTS}/wallpaper-collected.png` });

  // Back to the tab, into the collection: the picture is there.
  await page.getByTestId('feed-back').click();
  await expect(page).toHaveURL(/#\/pages\/wallpaper\/index$/);
  await page.getByTestId('wallpaper-collection-link').click();
  await expect(page).toHaveURL(/#\/pages\/me\/common\/wallpaper-collection$/);
  const items = page.getByTestId('wallpaper-collection-item');
  await expect(items).toHaveCount(1);
  await imageLoaded(items.first().locator('img'));
  await page.screenshot({ path: `${MEDIA_SHOTS}/wallpaper-collection.png` });

  // Open it; collecting again removes it; the list is then empty.
  await items.first().click();
  await expect(current.getByTestId('wallpaper-picture')).toHaveAttribute('alt', third.vod_name);
  await page.getByTestId('wallpaper-collect').click();
  await expect(page.getByTestId('wallpaper-collect')).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('feed-back').click();
  await expect(items).toHaveCount(0);
  await expect(page.getByTestId('empty-view')).toBeVisible();
});
