/**
 * Search (issue 4 item 2, spec §5): from the home page's search box, suggestions while typing, results by a Chinese
 * word, an English word (alias), pinyin and an actor of the demo catalogue, the 6-word history (newest first) and
 * its clear button, hot searches, and the empty result.
 */
import { expect, type Page, test } from '@playwright/test';
import { presetDevice, SHOTS_DIR, titleByName } from './catalogue-helpers';

test.use({ locale: 'en-US' });

async function search(page: Page, word: string, found = true) {
  const input = page.getByTestId('search-input');
  await input.fill(word);
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`wd=${encodeURIComponent(word).replace(/[()*]/g, '\\$&')}`));
  await expect(page.getByTestId(found ? 'search-results' : 'empty-view')).toBeVisible();
}

test('search finds titles by Chinese, English, pinyin and actor, with suggestions and history', async ({ page }) => {
  await presetDevice(page);
  const valley = await titleByName(page, '硅谷夜未眠');
  const cowboys = await titleByName(page, '牛仔与机器人');
  const card = (id: number) => page.getByTestId('search-results').getByTestId(`vod-card-${id}`);

  await page.goto('/#/pages/home/index');
  await page.getByRole('link', { name: 'Search' }).first().click();
  await expect(page).toHaveURL(/#\/pages\/search\/index/);

  // Suggestions as the user types (pinyin prefix), each opening its title.
  await page.getByTestId('search-input').pressSequentially('guigu', { delay: 40 });
  const suggest = page.getByTestId('search-suggest');
  await expect(suggest.getByTestId(`suggest-${valley.vod_id}`)).toBeVisible();
  await expect(suggest.getByTestId(`suggest-${valley.vod_id}`)).toContainText('硅谷夜未眠');
  await page.screenshot({ path: `${SHOTS_DIR}/search-suggest-dark.png` });

  // Chinese word, English word (vod_sub), pinyin (vod_en), actor.
  await search(page, '硅谷');
  await expect(card(valley.vod_id)).toBeVisible();
  await search(page, 'Valley');
  await expect(card(valley.vod_id)).toBeVisible();
  await search(page, 'guiguyeweimian');
  await expect(card(valley.vod_id)).toBeVisible();
  await search(page, '瑞恩·米勒');
  await expect(card(valley.vod_id)).toBeVisible();
  await expect(card(cowboys.vod_id)).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/search-results-dark.png` });

  // Nothing found.
  await search(page, 'zzqxj', false);
  await expect(page.getByTestId('empty-view')).toHaveText(/No matching titles found/);

  // History: distinct words, newest first, at most 6 (spec §5); a repeated word moves to the front.
  for (const w of ['星河', 'Camp', '硅谷']) await search(page, w);
  await page.getByTestId('search-input').fill('');
  await page.getByTestId('search-input').press('Enter');
  const history = page.getByTestId('search-history');
  await expect(history.locator('button')).toHaveText(['硅谷', 'Camp', '星河', 'zzqxj', '瑞恩·米勒', 'guiguyeweimian']);
  // Searched words show up among the hot searches.
  await expect(page.getByTestId('search-hot').locator('button').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/search-home-dark.png` });

  // It survives a reload (stored on the device for this user), a chip searches again, and clear empties it.
  await page.reload();
  await expect(history.locator('button')).toHaveCount(6);
  await history.getByText('Camp').click();
  await expect(page).toHaveURL(/wd=Camp/);
  await expect(page.getByTestId('search-results').locator('[data-testid^="vod-card-"]').first()).toBeVisible();
  await page.getByTestId('search-input').fill('');
  await page.getByTestId('search-input').press('Enter');
  await page.getByTestId('search-history-clear').click();
  await page.locator('.adm-dialog-button', { hasText: 'Clear' }).click();
  await expect(history).toHaveCount(0);

  // A suggestion opens the title page.
  await page.getByTestId('search-input').pressSequentially('牛仔', { delay: 40 });
  await suggest.getByTestId(`suggest-${cowboys.vod_id}`).click();
  await expect(page).toHaveURL(new RegExp(`#/pages/detail/mov-detail\\?id=${cowboys.vod_id}`));
});
