/**
 * Movie requests and feedback end to end on a phone in Chromium (modules/gbook, apps/web/src/features/gbook, the
 * console's Requests and Feedback pages). A member registered through the API opens the request community as the
 * device's guest; "Request a movie" sends it to sign in first and back. It files a request through the form: genres
 * from the catalogue, the captcha answer typed from the e2e server's TEST_CAPTCHA_FILE (the answers of the pictures
 * it drew, as a person reads them; refused in production: apps/server/src/modules/gbook/gbook.captcha.ts). The
 * operator resolves it in the console by picking a title; the member sees the badge on the Me page and on "My
 * requests", the "New" mark, and opens the linked title. Then the member sends feedback with a screenshot (a PNG drawn
 * here), sees it in "My feedback" (the server re-encoded it), the operator replies in the console and the member
 * sees the badge and the reply. The request and the feedback carry script payloads: each page that shows them (app
 * and console) shows them as text and never runs them (`window.__xss` stays undefined).
 */
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { CAPTCHA_FILE } from '../playwright.config';
import { consoleSignIn, presetDevice } from './catalogue-helpers';

test.use({ locale: 'en-US', isMobile: true, hasTouch: true });

const PASSWORD = 'viewer123';
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
/** Where the spec's screenshots go (the lead's review folder when set). */
const SHOTS = process.env.GBOOK_SHOTS ?? `.tmp/requests-shots-${process.env.E2E_PORT ?? 18080}`;

test('a member requests a movie and sends feedback; the operator resolves and replies; payloads stay text', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const name = `rq${tag}`;
  const reg = await request.post('/api/user/reg', {
    data: { user_name: name, user_pwd: PASSWORD, user_pwd2: PASSWORD },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const vod = await someTitle(page);

  // The device's guest opens the community; writing sends it to sign in, and back here after.
  await presetDevice(page, { locale: 'en-us' });
  await page.goto('/#/pages/seekmovie/index');
  await page.getByTestId('new-request').click();
  await expect(page).toHaveURL(/#\/pages\/login\/index\?redirect=/);
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('login-username').fill(name);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit-password').click();
  await expect(page).toHaveURL(/#\/pages\/seekmovie\/index$/);

  // The request form: title (with a payload), lead actor, a genre, a note (payload) and the captcha's answer.
  await page.getByTestId('new-request').click();
  await expect(page).toHaveURL(/#\/pages\/me\/seek-movie$/);
  const title = `Req ${tag} ${IMG}`;
  await page.getByTestId('request-title-input').fill(title);
  await page.getByTestId('request-actor-input').fill('Zhang Ziyi');
  await page.getByTestId('request-genre').first().click();
  await expect(page.getByTestId('request-genre').first()).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('request-note-input').fill(`Please ${SCRIPT}`);
  await shoot(page, 'request-form');
  const captchaId = (await page.getByTestId('request-captcha').getAttribute('data-captcha-id')) ?? '';
  expect(captchaId).not.toBe('');
  await page.getByTestId('request-captcha-input').fill(captchaAnswer(captchaId));
  await page.getByTestId('request-submit').click();

  // My requests: the new one, requesting, its payloads shown as text.
  await expect(page).toHaveURL(/#\/pages\/me\/my-seek-movie\/index$/);
  const mine = page.getByTestId('request-item').filter({ hasText: tag });
  await expect(mine.getByTestId('request-title')).toHaveText(title);
  await expect(mine.getByTestId('request-state')).toHaveText('Requesting');
  await expect(mine).toContainText(SCRIPT);
  await expectNoScript(page);

  // The operator resolves it in the console with a title.
  const op = await consolePage(browser);
  await op.goto(`/admin/#/requests?wd=${encodeURIComponent(tag)}`);
  const row = op.getByTestId('gbook-table').locator('tr', { hasText: tag });
  await expect(row.getByTestId('gbook-title')).toHaveText(title);
  await expectNoScript(op);
  await row.getByTestId('gbook-resolve').click();
  const picker = op.getByTestId('gbook-vod-picker');
  await picker.click();
  await picker.locator('input').fill(vod.vod_name);
  await op.getByTestId(`picker-option-${vod.vod_id}`).click();
  await expect(op.locator('.ant-message').getByText('Title linked')).toBeVisible();
  await expect(row.getByTestId('gbook-vod')).toContainText(vod.vod_name);
  await shoot(op, 'console-requests');

  // The member sees the badge on the Me page and on "My requests", the "New" mark, and opens the title.
  await page.goto('/#/pages/me/index');
  await expect(page.getByTestId('me-requests-badge')).toHaveText('1');
  await page.getByTestId('me-requests').click();
  await expect(page).toHaveURL(/#\/pages\/seekmovie\/index$/);
  await expect(page.getByTestId('my-requests-badge')).toHaveText('1');
  const listed = page.getByTestId('request-item').filter({ hasText: tag });
  await expect(listed.getByTestId('request-state')).toHaveText('Resolved');
  await expectNoScript(page);
  await shoot(page, 'request-community');
  await listed.getByTestId('request-title').click();
  await expect(page).toHaveURL(/seek-movie-detail\?id=\d+$/);
  await expect(page.getByTestId('request-detail').getByTestId('request-vod')).toContainText(vod.vod_name);
  await expectNoScript(page);
  await shoot(page, 'request-detail');
  await page.goBack();
  await page.getByTestId('my-requests').click();
  const resolved = page.getByTestId('request-item').filter({ hasText: tag });
  await expect(resolved.getByTestId('request-new')).toBeVisible();
  await expect(resolved.getByTestId('request-state')).toHaveText('Resolved');
  await shoot(page, 'my-requests');
  await resolved.getByTestId('request-vod').click();
  await expect(page).toHaveURL(new RegExp(`mov-detail\\?id=${vod.vod_id}$`));
  // Seen: the Me page's badge is gone.
  await page.goto('/#/pages/me/index');
  await expect(page.getByTestId('me-requests')).toBeVisible();
  await expect(page.getByTestId('me-requests-badge')).toHaveCount(0);

  // Feedback with a screenshot; the app version and the device are filled in.
  await page.getByTestId('me-feedback').click();
  await expect(page).toHaveURL(/#\/pages\/me\/feed-back$/);
  const text = `Playback stops after the ad ${tag} ${IMG} ${SCRIPT}`;
  await page.getByTestId('feedback-content').fill(text);
  await page
    .getByTestId('feedback-pics')
    .locator('input[type=file]')
    .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: png(320, 200) });
  const thumb = page.getByTestId('feedback-pics').locator('img');
  await expect.poll(() => thumb.first().evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  await expect(page.getByTestId('feedback-submit')).toBeEnabled();
  await expect(page.getByTestId('feedback-auto')).toContainText('App version');
  await shoot(page, 'feedback-form');
  await page.getByTestId('feedback-submit').click();
  await expect(page).toHaveURL(/#\/pages\/me\/feed-back-list$/);
  const sent = page.getByTestId('feedback-item').filter({ hasText: tag });
  await expect(sent.getByTestId('feedback-text')).toHaveText(text);
  await expectLoaded(sent.getByTestId('feedback-pic'));
  await expectNoScript(page);

  // The operator sees it with the screenshot and replies.
  await op.goto(`/admin/#/feedback?wd=${encodeURIComponent(tag)}`);
  const fb = op.getByTestId('gbook-table').locator('tr', { hasText: tag });
  await expect(fb.getByTestId('gbook-content')).toHaveText(text);
  await expectLoaded(fb.locator('img'));
  await expectNoScript(op);
  await fb.getByTestId('gbook-reply-open').click();
  await op.getByTestId('gbook-reply-text').fill(`Fixed in the next version ${tag}`);
  await op.getByTestId('gbook-reply-ok').click();
  await expect(op.locator('.ant-message').getByText('Reply sent')).toBeVisible();
  await expect(fb.getByTestId('gbook-reply')).toHaveText(`Fixed in the next version ${tag}`);
  await shoot(op, 'console-feedback');
  await expectNoScript(op);
  await op.context().close();

  // The member sees the badge and the reply.
  await page.goto('/#/pages/me/index');
  await expect(page.getByTestId('me-feedback-badge')).toHaveText('1');
  await page.getByTestId('me-feedback').click();
  await expect(page.getByTestId('my-feedback-badge')).toHaveText('1');
  await page.getByTestId('my-feedback').click();
  const answered = page.getByTestId('feedback-item').filter({ hasText: tag });
  await expect(answered.getByTestId('feedback-reply')).toHaveText(`Team reply: Fixed in the next version ${tag}`);
  await expect(answered.getByTestId('feedback-new')).toBeVisible();
  await expectNoScript(page);
  await shoot(page, 'my-feedback');
});

/** A title of the demo catalogue (the one the operator links). */
async function someTitle(page: Page): Promise<{ vod_id: number; vod_name: string }> {
  const res = await page.request.get('/api/vod?limit=1');
  expect(res.ok(), await res.text()).toBe(true);
  const hit = ((await res.json()) as { list: { vod_id: number; vod_name: string }[] }).list[0];
  if (!hit) throw new Error('the demo catalogue is empty');
  return hit;
}

/** The answer of captcha `id`, as the e2e server recorded it when it drew the picture. */
function captchaAnswer(id: string): string {
  const lines = readFileSync(CAPTCHA_FILE, 'utf8').trim().split('\n');
  const hit = lines
    .map((l) => JSON.parse(l) as { captcha_id: string; answer: string })
    .find((c) => c.captcha_id === id);
  if (!hit) throw new Error(`captcha ${id} not recorded in ${CAPTCHA_FILE}`);
  return hit.answer;
}

/** The console signed in at desktop width, in English. */
async function consolePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await context.addInitScript(() => localStorage.setItem('openvod.admin.lang', 'en-us'));
  const op = await context.newPage();
  await consoleSignIn(op);
  return op;
}

/** No payload ran on this page. */
async function expectNoScript(page: Page) {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
}

/** The picture has loaded. */
async function expectLoaded(img: ReturnType<Page['locator']>) {
  await expect.poll(() => img.first().evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
}

/** A full-page screenshot from the top (the sticky header in place), once the app's toasts are gone. */
async function shoot(page: Page, name: string) {
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A `w`x`h` RGB PNG of a gradient (a stand-in screenshot). */
function png(w: number, h: number): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    const row = y * (w * 3 + 1);
    for (let x = 0; x < w; x++) {
      raw[row + 1 + x * 3] = (x * 255) / w;
      raw[row + 2 + x * 3] = (y * 255) / h;
      raw[row + 3 + x * 3] = 160;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
