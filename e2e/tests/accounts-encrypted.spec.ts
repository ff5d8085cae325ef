/**
 * Encrypted payloads (spec §7, issue 3 item 6) in the real viewer app: with the operator's encryption on, the app
 * reads `encrypt_key` from the app config, sends the phone-code login (codeLogin) as `encrypt_data` (DES-ECB) and
 * reads the encrypted answer; the user ends up signed in. The server runs with ENCRYPT_KEY (playwright.config.ts);
 * encryption is turned off again afterwards so the other specs see plain payloads.
 */
import { createDecipheriv } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN_PASSWORD, ENCRYPT_KEY } from '../playwright.config';
import { codeFor, DEVICE_ID } from './sms-outbox';

function desDecrypt(b64: string): string {
  // Single DES = two-key triple DES with K1 = K2 (what the server's lib/des.ts does with Node's OpenSSL).
  const d = createDecipheriv('des-ede-ecb', Buffer.from(ENCRYPT_KEY + ENCRYPT_KEY), null);
  return Buffer.concat([d.update(Buffer.from(b64, 'base64')), d.final()]).toString('utf8');
}

async function setEncryption(request: APIRequestContext, state: 0 | 1) {
  const login = await request.post('/api/admin/login', { data: { admin_name: 'admin', admin_pwd: ADMIN_PASSWORD } });
  expect(login.ok()).toBe(true);
  const token = (await login.json()).token as string;
  const res = await request.patch('/api/admin/app-config', {
    headers: { authorcode: token },
    data: { encrypt_state: state },
  });
  expect(res.ok(), await res.text()).toBe(true);
  expect((await res.json()).info.encrypt_state).toBe(state);
}

test.describe('encrypted payloads', () => {
  test.use({ locale: 'en-US' });
  test.afterAll(async ({ request }) => setEncryption(request, 0));

  test('a phone-code login works with encryption on', async ({ page, context, request }) => {
    await setEncryption(request, 1);
    const config = await (await request.get('/api/app/config')).json();
    expect(config.info).toMatchObject({ encrypt_state: 1, encrypt_key: ENCRYPT_KEY });

    // An account for a fresh number, made through the API (a plain body is still accepted).
    const phone = `137${String(Date.now() % 1e7).padStart(7, '0')}${Math.floor(Math.random() * 10)}`.slice(0, 11);
    let since = Date.now();
    expect((await request.post('/api/user/phone-register/code', { data: { phone } })).ok()).toBe(true);
    const reg = await request.post('/api/user/phone-register', { data: { phone, code: await codeFor(phone, since) } });
    expect(reg.ok(), await reg.text()).toBe(true);

    await context.addInitScript((id) => localStorage.setItem('openvod-deviceid', id), DEVICE_ID);
    await page.goto('/#/pages/me/index');
    const agree = page.getByTestId('privacy-agree');
    await expect(agree).toBeVisible();
    await agree.click();
    await expect(page.getByTestId('me-profile')).not.toHaveAttribute('data-user-id', '0');
    await page.getByTestId('me-login').click();
    await expect(page).toHaveURL(/#\/pages\/login\/index/);

    await page.getByTestId('login-phone').fill(phone);
    since = Date.now();
    await page.getByTestId('login-send-code').click();
    await expect(page.getByTestId('login-send-code')).toHaveText(/\d+ s/);
    const code = await codeFor(phone, since);
    await page.getByTestId('login-code').fill(code);
    await page.getByTestId('login-agree').check();

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/user/code-login'));
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/user/code-login'));
    await page.getByTestId('login-submit-phone').click();

    // On the wire: only the envelope, and the server answers encrypted.
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['encrypt_data', 'encrypt_state']);
    expect(body.encrypt_state).toBe(1);
    expect(JSON.parse(desDecrypt(String(body.encrypt_data)))).toMatchObject({ phone, code });
    const answer = (await (await answered).json()) as Record<string, unknown>;
    expect(answer).toMatchObject({ code: 1, encrypt_state: 1 });
    expect(answer).not.toHaveProperty('token');
    const inner = JSON.parse(desDecrypt(String(answer.encrypt_data))) as {
      token: string;
      info: { user_phone: string };
    };
    expect(inner.token).toBeTruthy();

    // The app read the encrypted answer: signed in as the phone's account.
    await expect(page).toHaveURL(/#\/pages\/me\/index/);
    // A member by phone (a made-up user name) is shown by the masked phone.
    await expect(page.getByTestId('me-name')).toHaveText(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    // The seeded group name (默认会员) shows translated.
    await expect(page.getByTestId('me-group')).toHaveText('Member');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('openvod-user') ?? '{}'));
    expect(stored.state.token).toBe(inner.token);
    await page.screenshot({ path: test.info().outputPath('encrypted-login-me.png') });
  });
});
