import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { consoleSignIn } from './catalogue-helpers';
import { expectVideoAdvances, vodIdByName } from './helpers';

test.use({ viewport: { width: 1280, height: 800 } });

/** Signed into the console (the run's one session, catalogue-helpers.ts): it opens on the titles list. */
async function signIn(page: Page) {
  await consoleSignIn(page);
  await expect(page).toHaveURL(/#\/vods/);
}

test('the console imports a feed file and the new title appears in the viewer app', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/#/import');
  await page.getByTestId('import-file').setInputFiles(path.join(import.meta.dirname, '../fixtures/new-title.json'));
  await page.getByTestId('import-submit').click();
  const result = page.getByTestId('import-result');
  await expect(result).toHaveAttribute('data-status', 'ok');
  const counter = (name: string) => result.getByTestId(`import-${name}`).locator('.ant-statistic-content-value');
  await expect(counter('added')).toHaveText('1');
  await expect(counter('updated')).toHaveText('0');
  await expect(counter('skipped')).toHaveText('0');
  const id = await vodIdByName(page, '端到端测试影片');
  const detail = await (await page.request.get(`/api/vod/${id}`)).json();
  expect(detail.info.vod_content).not.toContain('<script');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const card = page.getByTestId(`vod-card-${id}`).first();
  await expect(card).toBeVisible();
  await card.click();
  await expect(page.getByText('端到端测试影片').first()).toBeVisible();
  await expectVideoAdvances(page);
});

test('a title imported into a new category plays for the device guest, with named lines and related titles', async ({
  page,
}, testInfo) => {
  await signIn(page);
  await page.goto('/admin/#/import');
  await page.getByTestId('import-file').setInputFiles(path.join(import.meta.dirname, '../fixtures/new-category.json'));
  await page.getByTestId('import-submit').click();
  const result = page.getByTestId('import-result');
  await expect(result).toHaveAttribute('data-status', 'ok');
  await expect(result.getByTestId('import-typesCreated').locator('.ant-statistic-content-value')).toHaveText('1');
  // The result names the rights the new category got (the defaults: everyone list/open/play, VIP also download).
  const newTypes = result.getByTestId('import-new-types');
  await expect(newTypes).toContainText('端到端纪录片');
  const typeId = Number(
    ((await newTypes.locator('[data-testid^="import-type-"]').first().getAttribute('data-testid')) ?? '').split('-')[2],
  );
  await expect(newTypes.getByTestId(`import-type-${typeId}-group-1`)).toContainText('播放');
  await expect(newTypes.getByTestId(`import-type-${typeId}-group-3`)).toContainText('下载');
  await expect(result.getByTestId('import-players-added')).toContainText('端到端线路');
  await page.screenshot({ path: testInfo.outputPath('console-import.png'), fullPage: true });

  // The groups page shows the rights that apply (not 0 for groups that can play).
  await page.goto('/admin/#/groups');
  await expect(page.getByTestId('group-2-right-3')).not.toHaveText(/ 0$/);
  await expect(page.getByTestId('group-1-right-3')).not.toHaveText(/ 0$/);
  await page.screenshot({ path: testInfo.outputPath('console-groups.png'), fullPage: true });
  await page.goto('/admin/#/players');
  await expect(page.getByTestId('player-show-e2eline')).toHaveText('端到端线路');
  await page.screenshot({ path: testInfo.outputPath('console-players.png'), fullPage: true });
  await page.goto('/admin/#/catalogue');
  await expect(page.getByTestId('cat-new-rights')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('console-catalogue.png'), fullPage: true });

  const first = await vodIdByName(page, '新分类影片甲');
  const second = await vodIdByName(page, '新分类影片乙');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/#/pages/detail/mov-detail?id=${first}`);
  await expect(page.getByText('新分类影片甲').first()).toBeVisible();
  // Before: "this section requires membership" for everyone (reason no_right); now the guest's free view plays it.
  await expectVideoAdvances(page);
  // Lines carry the player's display name, never the raw code.
  await expect(page.getByTestId('now-playing')).toContainText('端到端线路');
  await expect(page.getByTestId('now-playing')).not.toContainText('e2eline');
  await expect(page.getByTestId('source-1')).toHaveText('端到端线路');

  // Related titles: the same category first; a poster opens that title.
  const related = page.getByTestId('related-titles');
  await related.scrollIntoViewIfNeeded();
  await expect(related.locator('[data-testid^="vod-card-"]').first()).toHaveAttribute(
    'data-testid',
    `vod-card-${second}`,
  );
  await page.screenshot({ path: testInfo.outputPath('title-page.png'), fullPage: true });
  await related.getByTestId(`vod-card-${second}`).click();
  await expect(page).toHaveURL(new RegExp(`id=${second}`));
  await expect(page.getByText('新分类影片乙').first()).toBeVisible();
  await expect(page.getByTestId('related-titles').getByTestId(`vod-card-${first}`)).toBeVisible();
});
