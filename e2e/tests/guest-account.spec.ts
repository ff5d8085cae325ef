/**
 * The device's guest account (spec §4 Auto login, §5 "Buying requires login"; apps/server modules/accounts/
 * guest-merge.ts) on a phone:
 *
 * - the me page shows a guest as a guest with a short id (not its hex name and "default member"), and settings offer
 *   "log in" instead of "log out";
 * - a guest buying VIP is asked to link a phone first; linking keeps the same account (now a member) and it buys;
 * - a guest with VIP, points and a favourite that logs in to an existing account finds them there at once, without
 *   a reload; after logging out and reopening the app, the device's guest is back, emptied.
 */
import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { adminToken, presetDevice, userToken } from './catalogue-helpers';
import { vodIdByName } from './helpers';
import { codeFor } from './sms-outbox';

const SHOTS = '/tmp';
const runId = Date.now().toString(36).slice(-5);
const PASSWORD = 'secret123';

/** A phone number no other run or test uses. */
function uniquePhone(n: number): string {
  return `135${String(Date.now() % 1e6).padStart(6, '0')}${n}${Math.floor(Math.random() * 10)}`.slice(0, 11);
}

/** A phone-sized page on a device of its own, whose guest the launch signs in; returns it and the guest's id. */
async function guestPage(browser: Browser): Promise<{ page: Page; guestId: string }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  const deviceId = randomBytes(16).toString('hex');
  await context.addInitScript((id) => localStorage.setItem('openvod-deviceid', id), deviceId);
  const page = await context.newPage();
  await presetDevice(page, { dark: false, locale: 'en-us' });
  await page.goto('/#/pages/me/index');
  const profile = page.getByTestId('me-profile');
  await expect(profile).not.toHaveAttribute('data-user-id', '0');
  return { page, guestId: (await profile.getAttribute('data-user-id')) ?? '' };
}

test.describe.configure({ mode: 'serial' });

test('the me page shows a guest as a guest; settings offer log in, not log out', async ({ browser }) => {
  const { page } = await guestPage(browser);
  await expect(page.getByTestId('me-name')).toHaveText(/^Guest [0-9A-F]{4}$/);
  await expect(page.getByTestId('me-second-line')).toHaveText('Link a phone to keep your VIP, points and history');
  await expect(page.getByTestId('me-guest-badge')).toHaveText('Guest account');
  await expect(page.getByTestId('me-profile')).not.toContainText(/[0-9a-f]{8}/);
  await expect(page.getByTestId('me-group')).toHaveCount(0);
  await expect(page.getByTestId('me-login')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/guest-me.png` });

  await page.getByTestId('me-settings').click();
  await expect(page.getByTestId('settings-login')).toBeVisible();
  await expect(page.getByTestId('settings-logout')).toHaveCount(0);
  // A device guest has no account of its own to delete.
  await expect(page.getByTestId('settings-delete-account')).toHaveCount(0);
  await page.getByTestId('settings-login').click();
  await expect(page).toHaveURL(/#\/pages\/login\/index/);
  await page.context().close();
});

test('a guest buying VIP is asked to link a phone; linking keeps the account and the order goes through', async ({
  browser,
}) => {
  const { page, guestId } = await guestPage(browser);
  await page.getByTestId('me-vip').click();
  await expect(page).toHaveURL(/#\/pages\/me\/plog\/buy-center/);
  // A plan other than the preselected month: it stays chosen through the bind.
  const other = page.locator('[data-testid^="vip-plan-"]:not([data-testid="vip-plan-month"])').first();
  const otherId = (await other.getAttribute('data-testid')) ?? '';
  await other.click();
  await expect(page.getByTestId(otherId)).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('vip-channel-fake').click();
  await page.getByTestId('vip-buy').click();
  const prompt = page.getByTestId('bind-prompt');
  await expect(prompt).toContainText("You are using this device's guest account");
  await expect(page.getByTestId('bind-prompt-login')).toBeVisible();
  // The dialog's opening animation has ended (the picture shows it, not a fade).
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.adm-dialog .adm-center-popup-wrap, .adm-dialog .adm-mask')).every(
      (e) => getComputedStyle(e).opacity === '1',
    ),
  );
  await page.screenshot({ path: `${SHOTS}/guest-bind-prompt.png` });

  await page.getByTestId('bind-prompt-bind').click();
  await expect(page).toHaveURL(/#\/pages\/me\/bind-phone\?redirect=/);
  const phone = uniquePhone(3);
  await page.getByTestId('bind-phone').fill(phone);
  const since = Date.now();
  await page.getByTestId('bind-send-code').click();
  await page.getByTestId('bind-code').fill(await codeFor(phone, since));
  await page.getByTestId('bind-submit').click();
  // Back on buy-center with the plan still chosen, the same account, now with a phone: buying goes on to an order.
  await expect(page).toHaveURL(/#\/pages\/me\/plog\/buy-center/);
  await expect(page.getByTestId(otherId)).toHaveAttribute('aria-pressed', 'true');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('openvod-user') ?? '{}').state.user);
  expect(String(stored.user_id)).toBe(guestId);
  const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
  expect(stored.user_phone).toBe(masked);
  // The member is shown by the masked phone, not the guest's generated hex name.
  await expect(page.getByTestId('vip-member')).toContainText(masked);
  await expect(page.getByTestId('vip-member')).not.toContainText(stored.user_name);
  await page.screenshot({ path: `${SHOTS}/guest-bound-buy-center.png` });
  // One back leaves buy-center for the me page: the bind page left no second copy of buy-center behind.
  await page.goBack();
  await expect(page).toHaveURL(/#\/pages\/me\/index/);
  await expect(page.getByTestId('me-name')).toHaveText(masked);
  await page.screenshot({ path: `${SHOTS}/guest-bound-me.png` });
  await page.getByTestId('me-vip').click();
  await expect(page).toHaveURL(/#\/pages\/me\/plog\/buy-center/);
  // The session token is read before buying: the fake channel's buy navigates to its cashier page.
  const token = await userToken(page);
  await page.getByTestId('vip-plan-month').click();
  await page.getByTestId('vip-channel-fake').click();
  await page.getByTestId('vip-buy').click();
  await expect(page.getByTestId('bind-prompt')).toHaveCount(0);
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/billing/orders?page=1&limit=20', { headers: { authorcode: token } });
      return ((await res.json()) as { list?: unknown[] }).list?.length ?? 0;
    })
    .toBe(1);
  // The app has gone on to the fake channel's cashier (one tap): back from there to the app's settings.
  await page.waitForURL(/\/api\/pay\/fake\//);
  // Logging out of the bound account really signs it out of this (maybe shared) device: the device's next guest is
  // a new account without the member's VIP, and the device-derived password no longer opens the member.
  await page.goto('/#/pages/me/setting-list');
  await page.getByTestId('settings-logout').click();
  await page.locator('.adm-dialog-button:visible').last().click();
  await expect(page).toHaveURL(/#\/pages\/me\/index/);
  await expect(page.getByTestId('me-guest-badge')).toHaveText('Guest account');
  await expect(page.getByTestId('me-profile')).not.toHaveAttribute('data-user-id', guestId);
  await expect(page.getByTestId('me-vip-state')).toHaveText('None');
  await page.context().close();
});

test('a guest with VIP, points and a favourite logs in to an existing account and sees them there at once', async ({
  browser,
  request,
}) => {
  // The existing account: registered elsewhere (another device), with nothing.
  const member = `e2e${runId}gm`;
  const reg = await request.post('/api/user/reg', {
    headers: { deviceid: `e2e-guest-merge-${runId}` },
    data: { user_name: member, user_pwd: PASSWORD, user_pwd2: PASSWORD },
  });
  expect(reg.ok(), await reg.text()).toBe(true);

  const { page, guestId } = await guestPage(browser);
  const token = await userToken(page);
  // The guest's VIP (given by the operator, as a purchase made before the bind rule would have) and a favourite.
  const admin = await adminToken(request);
  const end = Math.floor(Date.now() / 1000) + 20 * 86_400;
  const vip = await request.patch(`/api/admin/users/${guestId}`, {
    headers: { authorcode: admin },
    data: { group_id: 3, user_end_time: end },
  });
  expect(vip.ok(), await vip.text()).toBe(true);
  const film = '星海拾光';
  const filmId = await vodIdByName(page, film);
  const fav = await request.get(`/api/user/ulog?ac=set&mid=1&type=2&id=${filmId}`, { headers: { authorcode: token } });
  expect(fav.ok(), await fav.text()).toBe(true);
  const info = await (await request.post('/api/user/info', { headers: { authorcode: token } })).json();
  const guestPoints = info.info.user_points as number;
  expect(guestPoints).toBeGreaterThan(0);

  // Reopen the me page (the app picks up the VIP at its session check), then log in to the member from it.
  await page.reload();
  await expect(page.getByTestId('me-vip-state')).toHaveText('Active');
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  await page.getByTestId('me-login').click();
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('login-username').fill(member);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit-password').click();
  await expect(page).toHaveURL(/#\/pages\/me\/index/);
  await expect(page.getByTestId('me-name')).toHaveText(member);
  await expect(page.getByTestId('me-points')).toHaveText(String(guestPoints));
  await expect(page.getByTestId('me-vip-state')).toHaveText('Active');
  await expect(page.getByTestId('me-guest-badge')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/guest-merged-me.png` });
  // The favourite is in the account's collection.
  await page.getByRole('link', { name: 'Favourites' }).click();
  const rows = page.getByTestId('list-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-id', String(filmId));
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  // The VIP screens show the account's membership at once.
  await page.goto('/#/pages/me/plog/buy-center');
  await expect(page.getByTestId('vip-member')).toHaveAttribute('data-vip', '1');

  // Logging out brings the device's guest back at once, emptied, without a reload (as at launch).
  await page.goto('/#/pages/me/setting-list');
  await page.getByTestId('settings-logout').click();
  await page.locator('.adm-dialog-button:visible').last().click();
  await expect(page).toHaveURL(/#\/pages\/me\/index/);
  await expect(page.getByTestId('me-profile')).toHaveAttribute('data-user-id', guestId);
  await expect(page.getByTestId('me-guest-badge')).toHaveText('Guest account');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await expect(page.getByTestId('me-vip-state')).toHaveText('None');
  await expect(page.getByTestId('me-points')).toHaveText('0');
  await page.context().close();
});
