/**
 * Accounts in the viewer app (issue 3): the first launch signs in a guest by itself, phone-code and password
 * logins, the spec §5 messages for bad input, switching the language, and requesting (then cancelling) account
 * deletion. SMS codes come from the console provider's outbox in the server's data folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { codeFor, DEVICE_ID } from './sms-outbox';

const LOCALES_DIR = path.join(import.meta.dirname, '../../apps/web/src/locales');

const runId = Date.now().toString(36).slice(-5);

/** A phone number no other run or test uses (1 + 3-9 + 9 digits). */
function uniquePhone(n: number): string {
  return `139${String(Date.now() % 1e6).padStart(6, '0')}${n}${Math.floor(Math.random() * 10)}`.slice(0, 11);
}

function flatMessages(file: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === 'string') out.set(prefix, value);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, file), 'utf8')), '');
  return out;
}

/**
 * Source (zh-cn) strings that `locale` translates differently and that still show on the page: a text node equal to
 * one, or containing a longer one (operator data such as group names may contain short words).
 */
async function untranslated(page: Page, locale: string): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      if (text) out.push(text);
    }
    return out;
  });
  const source = flatMessages('zh-cn.json');
  const target = flatMessages(`${locale}.json`);
  return [...source]
    .filter(([key, zh]) => target.get(key) !== zh && !zh.includes('{{'))
    .map(([, zh]) => zh)
    .filter((zh) => texts.some((text) => text === zh || (zh.length >= 4 && text.includes(zh))));
}

/** Open `route` and answer the first-launch privacy dialog (it shows while nothing is stored). */
async function open(page: Page, route: string) {
  await page.goto(`/#${route}`);
  const agree = page.getByTestId('privacy-agree');
  await expect(agree).toBeVisible();
  await agree.click();
  await expect(page.getByTestId('privacy-dialog')).toHaveCount(0);
}

/** Me page: wait until a signed-in user is shown and return its id. */
async function signedInUserId(page: Page): Promise<number> {
  const profile = page.getByTestId('me-profile');
  await expect(profile).not.toHaveAttribute('data-user-id', '0');
  return Number(await profile.getAttribute('data-user-id'));
}

/**
 * Register a member through the API and sign the app in as it with the password form, from the me page: its
 * settings then offer logging out and deleting the account, which the device's guest is not offered.
 */
async function signInMember(page: Page, request: APIRequestContext) {
  const name = `e2em${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const reg = await request.post('/api/user/reg', {
    headers: { deviceid: `e2e-member-${name}` },
    data: { user_name: name, user_pwd: 'secret123', user_pwd2: 'secret123' },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  await page.goto('/#/pages/me/index');
  await page.getByTestId('me-login').click();
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('login-username').fill(name);
  await page.getByTestId('login-password').fill('secret123');
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit-password').click();
  await expect(page).toHaveURL(/#\/pages\/me\/index/);
  await expect(page.getByTestId('me-login')).toHaveCount(0);
  // The "signed in" toast has gone (it is in the language of the moment).
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
}

/** Log out from settings: the me page shows the device's guest again at once (signed in as at launch). */
async function logout(page: Page) {
  await page.goto('/#/pages/me/setting-list');
  await page.getByTestId('settings-logout').click();
  await page.locator('.adm-dialog-button:visible').last().click();
  await expect(page).toHaveURL(/#\/pages\/me\/index/);
  await expect(page.getByTestId('me-guest-badge')).toBeVisible();
}

test.describe('accounts', () => {
  test.use({ locale: 'en-US' });

  test('the first launch registers a guest without a tap', async ({ page }) => {
    await page.goto('/#/pages/me/index');
    // Nothing is clicked: the privacy dialog stays open while the guest signs in behind it.
    await expect(page.getByTestId('privacy-dialog')).toBeVisible();
    const id = await signedInUserId(page);
    expect(id).toBeGreaterThan(0);
    // A guest is shown as a guest with a short id (the first characters of its device-derived name).
    await expect(page.getByTestId('me-name')).toHaveText(/^Guest [0-9A-F]{4}$/);
    await expect(page.getByTestId('me-profile')).toContainText('Guest account');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('openvod-user') ?? '{}'));
    expect(stored.state.user.user_id).toBe(id);
    expect(stored.state.token).toBeTruthy();

    // Agreeing is remembered; the same device keeps its guest after a reload.
    await page.getByTestId('privacy-agree').click();
    await page.reload();
    await expect(page.getByTestId('me-profile')).toHaveAttribute('data-user-id', String(id));
    await expect(page.getByTestId('privacy-dialog')).toHaveCount(0);
  });

  test.describe('on a known device', () => {
    test.beforeEach(async ({ context }) => {
      await context.addInitScript((id) => localStorage.setItem('openvod-deviceid', id), DEVICE_ID);
    });

    test('bad input shows the spec messages', async ({ page }) => {
      await open(page, '/pages/login/index');
      const error = page.getByTestId('form-error');

      // Phone code login.
      await page.getByTestId('login-phone').fill('12345');
      await page.getByTestId('login-submit-phone').click();
      await expect(error).toHaveText('Please enter a correct phone number');
      await page.getByTestId('login-phone').fill('13912345678');
      await page.getByTestId('login-submit-phone').click();
      await expect(error).toHaveText('The verification code is empty!');

      // Password login.
      await page.getByTestId('login-tab-password').click();
      await page.getByTestId('login-username').fill('a!');
      await page.getByTestId('login-submit-password').click();
      await expect(error).toHaveText('The account format is incorrect!');
      await page.getByTestId('login-username').fill('someone');
      await page.getByTestId('login-submit-password').click();
      await expect(error).toHaveText('Password cannot be empty!');
      await page.getByTestId('login-password').fill('abc123');
      await page.getByTestId('login-submit-password').click();
      await expect(error).toHaveText('Please read and agree to the User Agreement and the Privacy Policy first');

      // Register.
      await page.getByTestId('login-tab-register').click();
      await page.getByTestId('reg-username').fill(`e2e${runId}x`);
      await page.getByTestId('reg-password').fill('abcdef');
      await page.getByTestId('reg-submit').click();
      await expect(error).toHaveText('The password must be at least 6 characters and mix letters and digits');
      await page.getByTestId('reg-password').fill('abc123');
      await page.getByTestId('reg-password2').fill('abc124');
      await page.getByTestId('reg-submit').click();
      await expect(error).toHaveText('The passwords are inconsistent twice!');

      // A server refusal arrives as a toast: wrong password for an existing user.
      await page.getByTestId('login-agree').check();
      await page.getByTestId('login-tab-password').click();
      await page.getByTestId('login-username').fill('nobody_here');
      await page.getByTestId('login-password').fill('abc123');
      await page.getByTestId('login-submit-password').click();
      await expect(page.getByTestId('toast')).toBeVisible();
      await expect(page).toHaveURL(/#\/pages\/login\/index/);
    });

    test('registers with a password, logs out and logs in with it', async ({ page }) => {
      const userName = `e2e${runId}pw`;
      await open(page, '/pages/me/index');
      await signedInUserId(page);
      await page.getByTestId('me-login').click();
      await page.getByTestId('login-tab-register').click();
      await page.getByTestId('reg-username').fill(userName);
      await page.getByTestId('reg-password').fill('secret123');
      await page.getByTestId('reg-password2').fill('secret123');
      await page.getByTestId('login-agree').check();
      await page.getByTestId('reg-submit').click();
      await expect(page).toHaveURL(/#\/pages\/me\/index/);
      await expect(page.getByTestId('me-name')).toHaveText(userName);
      await expect(page.getByTestId('me-login')).toHaveCount(0);

      await logout(page);
      await page.getByTestId('me-login').click();
      await page.getByTestId('login-tab-password').click();
      await page.getByTestId('login-username').fill(userName);
      await page.getByTestId('login-password').fill('secret123');
      await page.getByTestId('login-agree').check();
      await page.getByTestId('login-submit-password').click();
      await expect(page).toHaveURL(/#\/pages\/me\/index/);
      await expect(page.getByTestId('me-name')).toHaveText(userName);
    });

    test('registers by phone code, then logs in by phone code read from the outbox', async ({ page }) => {
      const phone = uniquePhone(1);
      const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
      await open(page, '/pages/me/index');
      await signedInUserId(page);
      await page.getByTestId('me-login').click();
      await expect(page).toHaveURL(/#\/pages\/login\/index/);

      // An unknown number: the app offers to register it and sends a registration code.
      await page.getByTestId('login-phone').fill(phone);
      let since = Date.now();
      await page.getByTestId('login-send-code').click();
      await page.locator('.adm-dialog-button:visible').last().click();
      await expect(page.getByTestId('login-send-code')).toBeDisabled();
      await page.getByTestId('login-code').fill(await codeFor(phone, since));
      await page.getByTestId('login-agree').check();
      await page.getByTestId('login-submit-phone').click();
      await expect(page).toHaveURL(/#\/pages\/me\/index/);
      // A member by phone whose user name the server made up is shown by the masked phone (no second copy below).
      await expect(page.getByTestId('me-name')).toHaveText(masked);
      await expect(page.getByTestId('me-second-line')).toHaveCount(0);
      const id = await signedInUserId(page);

      await logout(page);
      await page.getByTestId('me-login').click();
      await page.getByTestId('login-phone').fill(phone);
      since = Date.now();
      await page.getByTestId('login-send-code').click();
      await expect(page.getByTestId('login-send-code')).toHaveText(/\d+ s/);
      await page.getByTestId('login-code').fill(await codeFor(phone, since));
      await page.getByTestId('login-agree').check();
      await page.getByTestId('login-submit-phone').click();
      await expect(page).toHaveURL(/#\/pages\/me\/index/);
      await expect(page.getByTestId('me-profile')).toHaveAttribute('data-user-id', String(id));
      await expect(page.getByTestId('me-name')).toHaveText(masked);
    });

    test('binds a phone and gets the points', async ({ page }) => {
      const phone = uniquePhone(2);
      await open(page, '/pages/me/index');
      await signedInUserId(page);
      const before = Number(await page.getByTestId('me-points').textContent());
      await page.getByTestId('me-account').click();
      await page.getByTestId('profile-phone').click();
      await expect(page).toHaveURL(/#\/pages\/me\/bind-phone/);
      await page.getByTestId('bind-phone').fill(phone);
      const since = Date.now();
      await page.getByTestId('bind-send-code').click();
      await page.getByTestId('bind-code').fill(await codeFor(phone, since));
      await page.getByTestId('bind-submit').click();
      await expect(page.getByTestId('bind-reward')).toHaveText('Phone linked: +2 points');
      await expect(page.getByTestId('bind-masked')).toHaveText(`${phone.slice(0, 3)}****${phone.slice(7)}`);
      await page.goto('/#/pages/me/index');
      await expect(page.getByTestId('me-points')).toHaveText(String(before + 2));
    });

    test('requests account deletion, sees it pending and cancels it', async ({ page, request }) => {
      await open(page, '/pages/me/index');
      await signInMember(page, request);
      await page.goto('/#/pages/me/setting-list');
      await page.getByTestId('settings-delete-account').click();
      const confirm = page.locator('.adm-dialog');
      await expect(confirm).toContainText('within 3 working days');
      await page.locator('.adm-dialog-button:visible').last().click();
      await expect(page.getByTestId('deletion-pending')).toBeVisible();
      await expect(page.getByTestId('settings-delete-account')).toHaveCount(0);

      await page.goto('/#/pages/me/index');
      const pending = page.getByTestId('deletion-pending');
      await expect(pending).toContainText('Account deletion pending');
      await page.getByTestId('deletion-cancel').click();
      await expect(pending).toHaveCount(0);
      await page.goto('/#/pages/me/setting-list');
      await expect(page.getByTestId('settings-delete-account')).toBeVisible();
    });
  });
});

test.describe('languages', () => {
  test.use({ locale: 'zh-CN' });

  test('switching to English and then Japanese changes the labels', async ({ page, context, request }) => {
    await context.addInitScript((id) => localStorage.setItem('openvod-deviceid', id), DEVICE_ID);
    await open(page, '/pages/me/index');
    // A member, whose settings have every label (a guest's offer log in instead of log out and deletion).
    await signInMember(page, request);
    await expect(page.getByTestId('tab-me')).toHaveText('我的');
    await page.getByTestId('me-settings').click();
    await expect(page.getByTestId('settings-title')).toHaveText('设置');
    // The check below sees the Chinese labels while they are there.
    expect(await untranslated(page, 'en-us')).toContain('退出登录');

    await page.getByTestId('language-en-us').click();
    await expect(page.getByTestId('settings-title')).toHaveText('Settings');
    await expect(page.getByTestId('settings-logout')).toHaveText('Log out');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await page.goBack();
    await expect(page.getByTestId('tab-me')).toHaveText('Me');
    await expect(page.getByTestId('me-account')).toHaveText('Account');
    expect(await untranslated(page, 'en-us')).toEqual([]);

    await page.getByTestId('me-settings').click();
    await page.getByTestId('language-ja-jp').click();
    await expect(page.getByTestId('settings-title')).toHaveText('設定');
    await expect(page.getByTestId('settings-logout')).toHaveText('ログアウト');
    await page.goBack();
    await expect(page.getByTestId('tab-me')).toHaveText('マイページ');
    await expect(page.getByTestId('tab-home')).toHaveText('ホーム');
    await expect(page.getByTestId('me-account')).toHaveText('アカウント管理');
    expect(await untranslated(page, 'ja-jp')).toEqual([]);
    await page.getByTestId('me-settings').click();
    await expect(page.getByTestId('settings-title')).toHaveText('設定');
    expect(await untranslated(page, 'ja-jp')).toEqual([]);
    await page.goto('/#/pages/login/index');
    await expect(page.getByTestId('login-tab-password')).toHaveText('パスワード');
    expect(await untranslated(page, 'ja-jp')).toEqual([]);

    // The choice survives a reload.
    await page.goto('/#/pages/me/index');
    await page.reload();
    await expect(page.getByTestId('tab-me')).toHaveText('マイページ');
  });
});
