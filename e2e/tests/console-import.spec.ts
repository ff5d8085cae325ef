import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';
import { expectVideoAdvances, vodIdByName } from './helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('the console imports a feed file and the new title appears in the viewer app', async ({ page }) => {
  await page.goto('/admin/');
  await page.locator('input#admin_name, input[name="admin_name"]').first().fill('admin');
  await page.locator('input#admin_pwd, input[name="admin_pwd"], input[type="password"]').first().fill(ADMIN_PASSWORD);
  await page.locator('button[type="submit"]').first().click();
  // Signed in: the console left the login page for the titles list and shows its layout.
  await expect(page).toHaveURL(/#\/vods/);
  await expect(page.getByTestId('sign-out')).toBeVisible();
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
