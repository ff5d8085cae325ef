/**
 * VIP purchase end to end (issue 6, spec §4 payment flow, §8 'Order unpaid') on a phone: a member who forgot the
 * channel sees why above the pay bar, then one tap reaches the `fake` channel's cashier (OpenVod's local gateway,
 * which names the plan in the viewer's language and signs its notification like a real provider); back in the app the
 * paid order is noticed without the 'payment finished?' question (nor again after a reload) and the member is VIP
 * (group on the me page, ad-free time in the future); another member leaves the cashier unpaid, is asked, sees
 * 'Order unpaid', is blocked from a second order by the unpaid one and cancels it (with confirmation). Then the operator finds the paid order in the console with its verified
 * notification, generates a redemption code batch, exports it as CSV, and a member redeems one code (once).
 *
 * The tests share the members they create, so they run in order.
 */
import fs from 'node:fs';
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';
import { adminToken, presetDevice, userToken } from './catalogue-helpers';
import { expectVideoAdvances, vodIdByName } from './helpers';

const SHOTS = '/tmp';
const runId = Date.now().toString(36).slice(-5);
const PASSWORD = 'secret123';
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};

test.describe.configure({ mode: 'serial' });

/** Shared between the tests: the buyer's paid order and the second member. */
const shared = { paidOrder: '', buyer: '', member: '' };

async function phone(browser: Browser, width = 390): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE, viewport: { width, height: 844 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await presetDevice(page);
  return { context, page };
}

/** Register `userName` with a password from the me page (the launch has signed in this device's guest first). */
async function register(page: Page, userName: string) {
  await page.goto('/#/pages/me/index');
  await expect(page.getByTestId('me-profile')).not.toHaveAttribute('data-user-id', '0');
  await page.getByTestId('me-login').click();
  await page.getByTestId('login-tab-register').click();
  await page.getByTestId('reg-username').fill(userName);
  await page.getByTestId('reg-password').fill(PASSWORD);
  await page.getByTestId('reg-password2').fill(PASSWORD);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('reg-submit').click();
  await expect(page).toHaveURL(/#\/pages\/me\/index/);
  await expect(page.getByTestId('me-name')).toHaveText(userName);
}

async function login(page: Page, userName: string) {
  await page.goto('/#/pages/login/index');
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit-password').click();
  await expect(page).toHaveURL(/#\/pages\/me\/index/);
  await expect(page.getByTestId('me-name')).toHaveText(userName);
}

/** The player's slot-12 ads on or off (the e2e server seeds them off, DEMO_ADS=0; see player-ads.spec.ts). */
async function setAdSwitch(request: APIRequestContext, token: string, on: boolean) {
  const res = await request.patch('/api/admin/app-config', {
    headers: { authorcode: token },
    data: { ads: { list: on ? [12] : [], showGoogle: false, showVipAd: false } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The stored user info (lib/session persists it in localStorage). */
async function storedUser(page: Page): Promise<{ user_id: number; group_id: number; user_noad_time: number }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('openvod-user') ?? '{}').state.user);
}

/**
 * From buy-center: the 1-month plan, the fake channel and one tap on the pay bar land on the gateway's cashier (no
 * 'order generated' dialog, no 'go to payment' tap); returns the order.
 */
async function orderMonth(page: Page): Promise<string> {
  await page.getByTestId('vip-plan-month').click();
  await page.getByTestId('vip-channel-fake').click();
  await page.getByTestId('vip-buy').click();
  await expect(page).toHaveURL(/\/api\/pay\/fake\/[0-9A-Za-z]{8,32}\?t=/);
  await expect(page.locator('button.pay')).toBeVisible();
  const code = new URL(page.url()).pathname.split('/').pop() ?? '';
  expect(code).toMatch(/^[0-9A-Za-z]{8,32}$/);
  await expect(page.locator('body')).toContainText(code);
  return code;
}

/** Records, in every document of the page from now on, whether the 'has the payment finished?' dialog ever showed. */
async function watchAsk(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __asked: boolean };
    w.__asked = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="pay-ask"]')) w.__asked = true;
    }).observe(document, { childList: true, subtree: true });
  });
}
const asked = (page: Page) => page.evaluate(() => (window as unknown as { __asked: boolean }).__asked);

test('a member buys 1 month with the fake channel and is VIP after coming back', async ({ browser }) => {
  const { context, page } = await phone(browser);
  shared.buyer = `e2e${runId}vip`;
  await register(page, shared.buyer);
  await expect(page.getByTestId('me-vip-state')).toHaveText('None');

  // This server offers only the fake channel, which the page then chooses by itself; a second channel in the answer
  // (never tapped) makes the viewer choose, so the message for a forgotten channel can be checked.
  await page.route('**/api/billing/order-field', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { channels: { channel: string; name: string }[] };
    body.channels = [...body.channels, { ...(body.channels[0] ?? {}), channel: 'alipay', name: 'alipay' }];
    await route.fulfill({ response: res, json: body });
  });
  await page.getByTestId('me-vip').click();
  await expect(page).toHaveURL(/#\/pages\/me\/plog\/buy-center/);
  await expect(page.getByTestId('vip-member-state')).toHaveText('You are not a VIP member yet');
  // A user who never bought pays the new-user price; the original is struck through, the renewal price is info.
  await page.getByTestId('vip-plan-month').click();
  await expect(page.getByTestId('vip-price-new')).toHaveAttribute('data-applies', 'true');
  await expect(page.getByTestId('vip-price-renew')).toHaveAttribute('data-applies', 'false');
  const total = (await page.getByTestId('vip-total').textContent()) ?? '';
  expect(total).toMatch(/^¥\d+\.\d{2}$/);
  await expect(page.getByTestId('vip-price-new')).toContainText(total);

  // Spec §5: a payment channel must be chosen. The message shows above the fixed pay bar's button, in view and not
  // covered by anything (the topmost element at its centre is the message).
  await page.getByTestId('vip-buy').click();
  const error = page.getByTestId('form-error');
  await expect(error).toHaveText('Please choose a payment method');
  await expect(error).toBeInViewport({ ratio: 1 });
  const errorBox = await error.boundingBox();
  const buyBox = await page.getByTestId('vip-buy').boundingBox();
  expect(errorBox && buyBox && errorBox.y + errorBox.height <= buyBox.y).toBe(true);
  const onTop = await error.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return Boolean(hit && el.contains(hit));
  });
  expect(onTop).toBe(true);
  await page.screenshot({ path: `${SHOTS}/h6-buy-center.png` });

  // One tap on the pay bar: the cashier. It names the plan in the viewer's language and shows the price.
  const code = await orderMonth(page);
  await expect(page.getByTestId('fake-plan')).toHaveText('VIP member · 1 month');
  await expect(page.locator('body')).not.toContainText('30d');
  await expect(page.locator('body')).toContainText(total.replace('¥', ''));
  await page.screenshot({ path: `${SHOTS}/h6-fake-cashier.png` });

  // Pay: the gateway returns to the app, which finds the order paid without asking whether the payment finished.
  await watchAsk(page);
  await page.locator('button.pay').click();
  await expect(page.getByTestId('pay-success')).toBeVisible();
  await expect(page.getByTestId('pay-success-until')).toBeVisible();
  expect(await asked(page)).toBe(false);
  await page.screenshot({ path: `${SHOTS}/h6-paid.png` });
  // The return address loses the order number: a reload neither asks nor announces it again.
  await expect(page).toHaveURL(/#\/pages\/me\/plog\/order-list$/);
  await page.getByTestId('pay-success-ok').click();
  await page.reload();
  await expect(page.locator(`[data-testid="order-item"][data-order-code="${code}"]`)).toHaveAttribute(
    'data-status',
    'paid',
  );
  await expect(page.getByTestId('pay-dialog')).toBeHidden();
  expect(await asked(page)).toBe(false);

  await page.goto('/#/pages/me/plog/buy-center');
  await expect(page.getByTestId('vip-member')).toHaveAttribute('data-vip', '1');
  // Now a VIP: the renewal price applies.
  await page.getByTestId('vip-plan-month').click();
  await expect(page.getByTestId('vip-price-renew')).toHaveAttribute('data-applies', 'true');
  expect(await asked(page)).toBe(false);

  // The me page shows the VIP group; the stored user is ad-free into the future (spec §4 VIP).
  await page.goto('/#/pages/me/index');
  await expect(page.getByTestId('me-vip-state')).toHaveText('Active');
  await expect(page.getByTestId('me-group')).not.toHaveText('Member');
  const user = await storedUser(page);
  expect(user.group_id).toBeGreaterThan(2);
  const now = Math.floor(Date.now() / 1000);
  expect(user.user_noad_time).toBeGreaterThan(now + 29 * 86400);
  await page.screenshot({ path: `${SHOTS}/h6-me-vip.png` });

  // No pre-roll for the VIP (spec §6): with the slot-12 ad switched on a visitor is sent the ad, the VIP none, and
  // the VIP's episode starts without one.
  const admin = await adminToken(page.request);
  await setAdSwitch(page.request, admin, true);
  try {
    const token = await userToken(page);
    const visitor = await page.request.get('/api/ads?ad_local_type=12', { headers: { authorcode: '' } });
    expect((await visitor.json()).list).toHaveLength(1);
    const asVip = await page.request.get('/api/ads?ad_local_type=12', { headers: { authorcode: token } });
    expect((await asVip.json()).list).toEqual([]);
    await page.goto(`/#/pages/detail/mov-detail?id=${await vodIdByName(page, '城南旧案')}`);
    await expectVideoAdvances(page, 1);
    await expect(page.getByTestId('preroll-ad')).toHaveCount(0);
  } finally {
    await setAdSwitch(page.request, admin, false);
  }

  // The order centre lists it as paid.
  await page.goto('/#/pages/me/plog/order-list');
  const item = page.locator(`[data-testid="order-item"][data-order-code="${code}"]`);
  await expect(item).toHaveAttribute('data-status', 'paid');
  await expect(item.getByTestId('order-status')).toHaveText('Paid');
  await page.screenshot({ path: `${SHOTS}/h6-orders-paid.png`, fullPage: true });
  shared.paidOrder = code;
  await context.close();
});

test("another member abandons payment, sees 'Order unpaid', is blocked by it, then cancels it", async ({ browser }) => {
  // The narrowest phone the app is laid out for.
  const { context, page } = await phone(browser, 360);
  shared.member = `e2e${runId}mem`;
  await register(page, shared.member);
  await page.goto('/#/pages/me/plog/buy-center');
  const code = await orderMonth(page);

  // The member leaves the cashier without paying (back): the order is still unpaid, so the app asks.
  await page.goBack();
  await expect(page.getByTestId('pay-ask')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/h6-ask.png` });
  await page.getByTestId('pay-ask-done').click();
  await expect(page.getByTestId('pay-unpaid')).toHaveText('Order unpaid');
  await page.screenshot({ path: `${SHOTS}/h6-unpaid.png` });
  await page.getByTestId('pay-close').click();
  await expect(page.getByTestId('pay-dialog')).toBeHidden();

  // An unpaid order blocks a new purchase: the app offers to pay or cancel it.
  await page.getByTestId('vip-channel-fake').click();
  await page.getByTestId('vip-buy').click();
  await expect(page.getByTestId('pay-existing')).toBeVisible();
  await expect(page.getByTestId('pay-order')).toHaveAttribute('data-order-code', code);
  await page.screenshot({ path: `${SHOTS}/h6-existing.png` });
  await page.getByTestId('pay-existing-cancel').click();
  // Cancel asks for confirmation.
  await expect(page.getByTestId('cancel-confirm')).toBeVisible();
  await page.getByTestId('cancel-confirm-ok').click();
  await expect(page.getByTestId('toast')).toHaveText('Order cancelled');

  await page.goto('/#/pages/me/plog/order-list');
  const item = page.locator(`[data-testid="order-item"][data-order-code="${code}"]`);
  await expect(item).toHaveAttribute('data-status', 'cancelled');
  await expect(item.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(item.getByTestId('order-pay')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/h6-orders-cancelled.png`, fullPage: true });
  const user = await storedUser(page);
  expect(user.group_id).toBe(2);
  await context.close();
});

test('the operator sees the paid order and generates codes; a member redeems one once', async ({ browser }) => {
  expect(shared.paidOrder).not.toBe('');
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await admin.addInitScript(() => localStorage.setItem('openvod.admin.lang', 'en-us'));
  const op = await admin.newPage();
  await op.goto('/admin/');
  await op.locator('input#admin_name, input[name="admin_name"]').first().fill('admin');
  await op.locator('input[type="password"]').first().fill(ADMIN_PASSWORD);
  await op.locator('button[type="submit"]').first().click();
  await expect(op.getByTestId('sign-out')).toBeVisible();
  // The test payment channel is on in this server: every console page says so.
  await expect(op.getByTestId('fake-pay-banner')).toBeVisible();
  await expect(op.getByTestId('fake-pay-banner')).toContainText('test payment channel');

  // Orders: search by the buyer's name; the paid order with the gateway's verified notification.
  await op.goto('/admin/#/orders');
  await op.getByTestId('orders-search').locator('input').fill(shared.buyer);
  await op.getByTestId('orders-search').locator('input').press('Enter');
  const view = op.getByTestId(`order-view-${shared.paidOrder}`);
  await expect(view).toBeVisible();
  await view.click();
  const drawer = op.getByTestId('order-drawer');
  await expect(drawer.getByTestId('order-status')).toHaveText('Paid');
  await expect(drawer.getByTestId('order-payment')).toHaveCount(1);
  await expect(drawer.getByTestId('order-provider')).toContainText('paid');
  // The provider's state, the notification's outcome and the price kind in the console's language, not raw codes.
  await expect(drawer.getByTestId('order-provider-status')).toHaveText('Paid');
  await expect(drawer.getByTestId('order-payment-status')).toHaveText('Credited');
  await expect(drawer).toContainText('new-user price');
  await op.screenshot({ path: `${SHOTS}/h6-console-order.png` });
  await op.keyboard.press('Escape');

  // Plans and channels.
  await op.goto('/admin/#/plans');
  await expect(op.getByTestId('channel-fake-on')).toBeVisible();
  await op.screenshot({ path: `${SHOTS}/h6-console-plans.png`, fullPage: true });

  // Code batch: 3 codes of 100 points, exported as CSV.
  await op.goto('/admin/#/code-batches');
  await op.getByTestId('batch-add').click();
  await op.getByTestId('batch-name').fill(`e2e ${runId}`);
  await op.getByTestId('batch-count').fill('3');
  await op.getByTestId('batch-kind').click();
  await op.locator('.ant-select-item-option').filter({ hasText: 'Points' }).click();
  await op.getByTestId('batch-amount').fill('100');
  const day = await op.getByRole('textbox', { name: /Expires/ }).inputValue();
  expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await op.getByTestId('batch-save').click();
  const row = op.locator('tr', { hasText: `e2e ${runId}` });
  await expect(row).toContainText('0 / 3');
  // The codes redeem through the end of the picked day in the operator's time zone, and the list shows that day
  // (not that instant in this browser's time zone).
  await expect(row.getByTestId(/^batch-expires-\d+$/)).toHaveText(day);
  await op.screenshot({ path: `${SHOTS}/h6-console-codes.png`, fullPage: true });
  const downloaded = op.waitForEvent('download');
  await row.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await downloaded).path();
  const lines = fs.readFileSync(file, 'utf8').trim().split(/\r?\n/);
  expect(lines).toHaveLength(4);
  const codeOne = (lines[1] ?? '').split(',')[0]?.replace(/"/g, '') ?? '';
  expect(codeOne).toMatch(/^[0-9A-Z]{16}$/);

  // Revenue shows the paid order.
  await op.goto('/admin/#/revenue');
  await expect(op.getByTestId('revenue-sum')).not.toContainText('0.00');
  // By plan: the plan named by its group and its length in the console's language.
  await op.getByTestId('revenue-by').getByText('By plan').click();
  await expect(op.getByTestId('revenue-card').locator('tbody')).toContainText('· 1 month');
  await op.getByTestId('revenue-by').getByText('By day').click();
  // The ledger check finds every balance equal to its journal after the purchase.
  await op.getByTestId('ledger-run').click();
  await expect(op.getByTestId('ledger-clean')).toBeVisible();
  await op.screenshot({ path: `${SHOTS}/h6-console-revenue.png`, fullPage: true });
  await admin.close();

  // The second member redeems one code: points arrive; the same code again and a wrong one get their own messages.
  const { context, page } = await phone(browser);
  await page.goto('/#/pages/me/index');
  await expect(page.getByTestId('me-profile')).not.toHaveAttribute('data-user-id', '0');
  await login(page, shared.member);
  const before = Number(await page.getByTestId('me-points').textContent());
  await page.goto('/#/pages/me/plog/redemption-code');
  await page.getByTestId('redeem-submit').click();
  await expect(page.getByTestId('redeem-error')).toHaveText('Please enter a code');
  await page.getByTestId('redeem-input').fill(codeOne.toLowerCase());
  await page.getByTestId('redeem-submit').click();
  await expect(page.getByTestId('redeem-result')).toContainText('100 points');
  await page.screenshot({ path: `${SHOTS}/h6-redeemed.png` });
  await page.getByTestId('redeem-input').fill(codeOne);
  await page.getByTestId('redeem-submit').click();
  await expect(page.getByTestId('redeem-error')).toHaveText('This code has already been used');
  await page.getByTestId('redeem-input').fill('ZZZZ-ZZZZ-ZZZZ-ZZZZ');
  await page.getByTestId('redeem-submit').click();
  await expect(page.getByTestId('redeem-error')).toHaveText('This code does not exist. Check it and try again');
  await page.screenshot({ path: `${SHOTS}/h6-redeem-errors.png` });

  // Upgrade with points, reached from the me page: the 100 points buy one day (100 points); the week (600) stays
  // out of reach. The points are spent and the member is VIP at once.
  await page.goto('/#/pages/me/index');
  await expect(page.getByTestId('me-orders')).toHaveAttribute('href', /order-list/);
  await expect(page.getByTestId('me-redeem')).toHaveAttribute('href', /redemption-code/);
  await page.getByTestId('me-upgrade').click();
  await expect(page).toHaveURL(/up-grade/);
  await expect(page.getByTestId('upgrade-points')).toHaveText(String(before + 100));
  await expect(page.getByTestId('upgrade-buy-week')).toBeDisabled();
  await expect(page.getByTestId('upgrade-buy-week')).toHaveText('Not enough points');
  await page.screenshot({ path: `${SHOTS}/h6-upgrade.png`, fullPage: true });
  await page.getByTestId('upgrade-buy-day').click();
  await page.getByTestId('upgrade-confirm-ok').click();
  await expect(page.getByTestId('upgrade-points')).toHaveText(String(before));
  await page.screenshot({ path: `${SHOTS}/h10-upgraded.png`, fullPage: true });
  await page.goto('/#/pages/me/index');
  await expect(page.getByTestId('me-points')).toHaveText(String(before));
  await expect(page.getByTestId('me-vip-state')).toHaveText('Active');
  await context.close();
});
