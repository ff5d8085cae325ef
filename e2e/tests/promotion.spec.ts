/**
 * Promotion earnings end to end on a phone in Chromium: a member (the device's guest) opens the promotion centre
 * and finds its code, link and QR; a new device opens the link (`?code=`; the visit is counted), its guest account
 * registers with the code (no reward for a guest), then a member signs up with the code and watches (the server
 * sees watch time): the promoter sees the invitee in the distribution centre and the pending registration and
 * activity earnings (0.60). After the hold (the server's promotion clock moved 8 days through TEST_CLOCK_FILE) the
 * promotion centre and the earnings log show them available. The withdrawal of that money is the cash slice's spec.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CLOCK_FILE } from '../playwright.config';
import { consoleSignIn, presetDevice, userToken } from './catalogue-helpers';

test.use({ locale: 'en-US', isMobile: true, hasTouch: true });

test('a member invites, earns on hold, and sees the money available after the hold', async ({
  page,
  browser,
  request,
}) => {
  writeFileSync(CLOCK_FILE, '0');
  await presetDevice(page, { locale: 'en-us' });
  await page.goto('/#/pages/me/index');
  await expect(page.getByTestId('me-profile')).not.toHaveAttribute('data-user-id', '0');
  await page.getByTestId('me-promotion').click();
  await expect(page).toHaveURL(/promotion-center/);
  const code = (await page.getByTestId('invite-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z2-9]{6}$/);
  await expect(page.getByTestId('invite-link')).toHaveText(new RegExp(`\\?code=${code}$`));
  await expect(page.getByTestId('invite-qr')).toBeVisible();
  await expect(page.getByTestId('total-invitees')).toHaveText('0');

  // A new device opens the link: the visit is counted and its guest account registers with the code.
  const other = await browser.newContext({ locale: 'en-US', isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const phone = await other.newPage();
  await presetDevice(phone, { locale: 'en-us' });
  await phone.goto(`/?code=${code}#/pages/me/index`);
  await expect(phone.getByTestId('me-profile')).not.toHaveAttribute('data-user-id', '0');
  await other.close();

  // A member signs up through the code and watches 30 s (the player's watch-time report).
  const reg = await request.post('/api/user/reg', {
    data: { user_name: `inv${Date.now() % 1_000_000}`, user_pwd: 'abc123', user_pwd2: 'abc123', invitation_code: code },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const invitee = (await reg.json()) as { token: string };
  const watch = await request.get('/api/points/duration?duration=30', { headers: { authorcode: invitee.token } });
  expect(watch.ok(), await watch.text()).toBe(true);

  const token = await userToken(page);
  const center = await request.get('/api/promotion/center', { headers: { authorcode: token } });
  expect((await center.json()).info.visits).toBe(1);

  await page.reload();
  await expect(page.getByTestId('total-invitees')).toHaveText('2');
  await expect(page.getByTestId('total-pending')).toHaveText('0.60');
  await expect(page.getByTestId('total-available')).toHaveText('0.00');
  await page.screenshot({ path: `.tmp/promotion-center-${process.env.E2E_PORT ?? 18080}.png`, fullPage: true });

  await page.getByTestId('to-reward-list').click();
  await expect(page.getByTestId('invitee-item')).toHaveCount(2);
  await expect(page.getByTestId('invitee-item').first()).toContainText('¥0.60');
  await page.goBack();

  await page.getByTestId('to-revenue-list').click();
  await expect(page.getByTestId('earning-item')).toHaveCount(2);
  await expect(page.getByTestId('earning-list')).toContainText('Registration');
  await expect(page.getByTestId('earning-list')).toContainText('Daily activity');
  await expect(page.getByTestId('earning-list')).toContainText('Pending');

  // Eight days later on the server's clock: released on the promoter's own read.
  writeFileSync(CLOCK_FILE, String(8 * 86400));
  try {
    await page.reload();
    await expect(page.getByTestId('revenue-available')).toHaveText('0.60');
    await expect(page.getByTestId('revenue-pending')).toHaveText('0.00');
    await expect(page.getByTestId('earning-list')).not.toContainText('Pending');
    await page.screenshot({ path: `.tmp/revenue-list-${process.env.E2E_PORT ?? 18080}.png`, fullPage: true });
    await page.goBack();
    await expect(page.getByTestId('total-available')).toHaveText('0.60');
  } finally {
    writeFileSync(CLOCK_FILE, '0');
  }

  // The operator finds the promoter in the console (phone width), opens it and flags it with a reason.
  const consoleContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  await consoleContext.addInitScript(() => localStorage.setItem('openvod.admin.lang', 'en-us'));
  const op = await consoleContext.newPage();
  await consoleSignIn(op);
  await op.goto(`/admin/#/promoters?q=${code}`);
  await expect(op.getByTestId('promoters-title')).toHaveText('Promoters');
  const row = op.getByTestId('promoter-table').locator('tr', { hasText: code });
  await expect(row).toContainText('0.60');
  await row.getByTestId('promoter-open').click();
  const detail = op.getByTestId('promoter-detail');
  await expect(detail).toContainText('Registration');
  await op.getByPlaceholder('Reason (shown to the user)').first().fill('test flag');
  await op.getByTestId('flag').click();
  await expect(op.getByTestId('flag-reason')).toHaveText('Flagged: test flag');
  await op.screenshot({ path: `.tmp/console-promoter-${process.env.E2E_PORT ?? 18080}.png` });
  await consoleContext.close();
  await page.reload();
  await expect(page.getByTestId('fraud-flag')).toContainText('test flag');
});
