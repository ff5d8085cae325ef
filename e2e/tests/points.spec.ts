/**
 * Points end to end (issue 7 item 5) on a phone in Chromium: a member (the device's guest account) opens the points
 * centre, checks in, sees +5 and the log line; a second check-in (the button is now disabled, so the request is
 * replayed straight against the API, as a client trick would) pays nothing; the balance stays 5 after a reload.
 * In the exchange centre the type and the count are required (clear errors), too many views fail with the server's
 * 'Insufficient Balance', and after the operator prices a view at 5 points the member exchanges 5 points for one view:
 * balance 0, one view credit, and the log shows the spend. Then the task list shows check-in done. In the console the
 * tasks go by name, the VIP-day price of the exchange centre is set with the quotas, and the report names the types.
 */
import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';
import { adminToken, presetDevice, userToken } from './catalogue-helpers';

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-US', isMobile: true, hasTouch: true });

test('a member checks in twice, is paid once, and exchanges points for a view', async ({ page, request }) => {
  // No keep-alive reward on this server, so the check-in is the only income.
  const admin = await adminToken(request);
  const cfg = await request.patch('/api/admin/app-config', {
    headers: { authorcode: admin },
    data: { keepalive_points: 0 },
  });
  expect(cfg.ok(), await cfg.text()).toBe(true);
  await presetDevice(page, { locale: 'en-us' });
  await page.goto('/#/pages/me/index');
  await expect(page.getByTestId('me-profile')).not.toHaveAttribute('data-user-id', '0');
  const token = await userToken(page);

  await page.goto('/#/pages/me/plog/points-center');
  await expect(page.getByTestId('points-balance')).toHaveText('0');
  const checkin = page.getByTestId('checkin');
  await expect(checkin).toBeEnabled();
  await checkin.click();
  await expect(page.getByTestId('checkin-result')).toHaveText('Checked in: +5 points');
  await expect(page.getByTestId('points-balance')).toHaveText('5');
  await expect(checkin).toBeDisabled();
  await expect(checkin).toHaveText('Checked in today');
  await expect(page.getByTestId('plog-item')).toHaveCount(1);
  await expect(page.getByTestId('plog-item').first()).toContainText('Daily check-in');
  await expect(page.getByTestId('plog-item').first()).toContainText('+5');
  // The me page shows the new balance at once, without a reload.
  await page.goto('/#/pages/me/index');
  await expect(page.getByTestId('me-points')).toHaveText('5');
  await page.screenshot({ path: `.tmp/points-me-${process.env.E2E_PORT ?? 18080}.png` });
  await page.goBack();

  // The second check-in of the day, replayed against the API: code 1, nothing paid.
  const again = await request.get('/api/points/plog?type=10', { headers: { authorcode: token } });
  expect(again.ok()).toBe(true);
  expect(await again.json()).toMatchObject({ code: 1, point: 0, user_points: 5 });
  await page.reload();
  await expect(page.getByTestId('points-balance')).toHaveText('5');
  await expect(page.getByTestId('checkin')).toBeDisabled();
  await expect(page.getByTestId('plog-item')).toHaveCount(1);

  // Exchange: type and count required; 10 points per view by default = not enough.
  await page.getByTestId('to-exchange').click();
  await expect(page).toHaveURL(/exchange-center/);
  await expect(page.getByTestId('exchange-balance')).toHaveText('5');
  await page.getByTestId('exchange-submit').click();
  await expect(page.getByTestId('exchange-error')).toHaveText('Please choose what to exchange for');
  await page.getByTestId('exchange-type-view').click();
  await page.getByTestId('exchange-submit').click();
  await expect(page.getByTestId('exchange-error')).toHaveText('Please enter a count (1-1000)');
  await page.getByTestId('exchange-count').fill('1');
  await page.getByTestId('exchange-submit').click();
  await expect(page.getByTestId('exchange-error')).toHaveText('Insufficient Balance');
  await expect(page.getByTestId('exchange-balance')).toHaveText('5');

  // The operator prices a view at 5 points (console call); the member exchanges 5 points for one view.
  const set = await request.patch('/api/admin/points/settings', {
    headers: { authorcode: admin },
    data: { view_points: 5 },
  });
  expect(set.ok(), await set.text()).toBe(true);
  await page.reload();
  await page.getByTestId('exchange-type-view').click();
  await page.getByTestId('exchange-count').fill('1');
  await page.getByTestId('exchange-submit').click();
  await expect(page.getByTestId('exchange-result')).toHaveText('Exchanged: 5 points spent');
  await expect(page.getByTestId('exchange-balance')).toHaveText('0');
  await expect(page.getByTestId('exchange-credits')).toHaveText('Views 1 · Downloads 0');
  await page.goto('/#/pages/me/index');
  await expect(page.getByTestId('me-points')).toHaveText('0');

  await page.goto('/#/pages/me/plog/points-center');
  await expect(page.getByTestId('points-balance')).toHaveText('0');
  await expect(page.getByTestId('plog-item')).toHaveCount(2);
  await expect(page.getByTestId('plog-item').first()).toContainText('-5');

  await page.goto('/#/pages/me/task-list');
  await expect(page.getByTestId('task-checkin')).toContainText('1/1');
  await expect(page.getByTestId('task-checkin')).toContainText('Done');
  await page.screenshot({ path: `.tmp/points-tasks-${process.env.E2E_PORT ?? 18080}.png` });
});

test('the operator edits a task reward and reads the points report in the console', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('openvod.admin.lang', 'en-us'));
  await page.goto('/admin/');
  await page.locator('input#admin_name, input[name="admin_name"]').first().fill('admin');
  await page.locator('input#admin_pwd, input[name="admin_pwd"], input[type="password"]').first().fill(ADMIN_PASSWORD);
  await page.locator('button[type="submit"]').first().click();
  await expect(page.getByTestId('sign-out')).toBeVisible();

  await page.goto('/admin/#/point-tasks');
  // Tasks by their names, not their keys.
  await expect(page.getByTestId('task-name-share')).toHaveText('Share');
  await expect(page.getByTestId('task-name-watch_5min')).toHaveText('Watch 5 min');
  const points = page.getByTestId('task-points-share');
  await expect(points).toHaveValue('2');
  await points.fill('4');
  await page.getByTestId('task-save-share').click();
  const admin = await adminToken(request);
  await expect
    .poll(async () => {
      const res = await request.get('/api/admin/points/tasks', { headers: { authorcode: admin } });
      const list = ((await res.json()) as { list: { task_key: string; points: number }[] }).list;
      return list.find((x) => x.task_key === 'share')?.points;
    })
    .toBe(4);

  // The VIP-day price of the exchange centre is set with the quotas and offered to the app.
  const vipDay = page.getByTestId('vip-day-points-3');
  await vipDay.fill('30');
  await page.locator('form').filter({ has: vipDay }).locator('button[type="submit"]').click();
  await expect
    .poll(async () => {
      const rates = (await (await request.get('/api/points/exchange/rates')).json()) as {
        vip: { group_id: number; points_per_day: number }[];
      };
      return rates.vip.find((g) => g.group_id === 3)?.points_per_day;
    })
    .toBe(30);

  await page.goto('/admin/#/points-report');
  const api = await request.get('/api/admin/points/report', { headers: { authorcode: admin } });
  const report = (await api.json()) as { issued: number; spent: number; outstanding: number };
  expect(report.spent).toBeGreaterThanOrEqual(5);
  for (const k of ['issued', 'spent', 'outstanding'] as const) {
    await expect(page.getByTestId(`report-${k}`)).toHaveAttribute('data-value', String(report[k]));
  }
  await expect(page.getByTestId('points-report')).toContainText('Points type');
  await expect(page.getByTestId('points-report')).toContainText('Daily check-in (10)');
  await expect(page.getByTestId('points-report')).toContainText('Points exchange (24)');
});
