/**
 * The console's Jobs page (System → Jobs) against the real server (ROLE all, so it runs the jobs): the jobs of
 * the modules with their schedules, and the runs the server made since it started (the accounts job runs when a
 * worker starts), at phone width.
 */
import { expect, test } from '@playwright/test';
import { consoleSignIn } from './catalogue-helpers';

const SHOTS = process.env.E2E_SHOTS_DIR;

test('the operator sees each job with its schedule and its last run', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  await context.addInitScript(() => localStorage.setItem('openvod.admin.lang', 'en-us'));
  const page = await context.newPage();
  await consoleSignIn(page);

  await page.goto('/admin/#/jobs');
  await expect(page.getByTestId('jobs-title')).toHaveText('Background jobs');
  const table = page.getByTestId('jobs');
  for (const name of [
    'Day/week/month view counter reset',
    'Account deletions and VIP expiry',
    'Unpaid order expiry',
    'Nightly ledger check',
    'Cast cache cleanup',
    'Withdrawal payouts',
    'Promotion earnings release',
    'Promotion fraud signals',
  ]) {
    await expect(table.getByText(name, { exact: true })).toBeVisible();
  }
  // Unpaid order expiry and withdrawal payouts.
  await expect(table.getByText('Every minute', { exact: true })).toHaveCount(2);
  // Jobs that look every minute but work once a day say when they work.
  await expect(table.getByText('Daily at 03:30 (checked every minute)', { exact: true })).toHaveCount(1);
  await expect(table.getByText('Daily at 00:00 (checked every minute)', { exact: true })).toHaveCount(1);
  await expect(table.getByText('Hourly, on the hour', { exact: true })).toHaveCount(2);
  // This process runs the jobs: no "api only" note.
  await expect(page.getByTestId('jobs-api')).toHaveCount(0);
  // The accounts job ran when the server started: its row says so after a refresh.
  const accounts = table.locator('tr', { hasText: 'accounts.deletions-and-vip-expiry' });
  await expect(async () => {
    await page.getByTestId('jobs-refresh').click();
    await expect(accounts.getByTestId('job-state')).toHaveText('Succeeded', { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(accounts.getByTestId('job-last-run')).toHaveText(/\d{2}:\d{2}/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-jobs.png`, fullPage: true });
  await context.close();
});
