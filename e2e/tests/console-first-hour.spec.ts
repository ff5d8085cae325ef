/**
 * The console as a new operator first sees it: the Ads page says "loading" (never "slot closed") until the app config
 * has loaded, device guests are tagged and can be filtered in Users, and at phone width (390 px) the page title
 * stays in view while wide tables scroll inside their own container instead of the whole page scrolling sideways.
 */
import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { consoleSignIn } from './catalogue-helpers';

const runId = Date.now().toString(36).slice(-6);
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Signed into the console with the run's one session (catalogue-helpers.ts consoleSignIn). */
const signIn = (page: Page) => consoleSignIn(page);

/** A device's automatic guest account, registered as the viewer app does (packages/contract guest.ts). */
function guestOf(deviceId: string) {
  const hash = (s: string) => createHash('sha256').update(s).digest('hex');
  const id = hash(deviceId);
  return { user_name: id.slice(0, 8), imei: id.slice(0, 16), user_pwd: `d${hash(`${deviceId}:pwd`).slice(0, 15)}1` };
}

/** The page does not scroll sideways and the element is wholly inside the 390 px wide viewport. */
async function expectNoSidewaysPage(page: Page) {
  const widths = await page.evaluate(() => {
    window.scrollTo(10_000, window.scrollY);
    return {
      scrollX: window.scrollX,
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    };
  });
  expect(widths.scrollX, JSON.stringify(widths)).toBe(0);
  expect(widths.scrollWidth, JSON.stringify(widths)).toBeLessThanOrEqual(widths.innerWidth);
}

/**
 * The element is inside the viewport and really seen there: the point at its centre hits it (a title squeezed to
 * nothing by the card's actions is clipped by its container, and the point then hits something else).
 */
async function expectInView(page: Page, testId: string) {
  const el = page.getByTestId(testId);
  const box = await el.boundingBox();
  expect(box, testId).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const hit = await el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return at !== null && (node === at || node.contains(at));
  });
  expect(hit, `${testId} is covered or clipped`).toBe(true);
}

test.describe('console, the first hour', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the Ads page says "loading" until the slot switch is known, then the slot state', async ({ page }) => {
    await signIn(page);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    let listHeld = false;
    await page.route('**/api/admin/app-config', async (route) => {
      if (route.request().method() === 'GET') {
        held = true;
        await gate;
      }
      await route.continue();
    });
    // The slot's ad list is held too: until it arrives the table shows its spinner, never "no data".
    await page.route(
      (url) => url.pathname === '/api/admin/ads',
      async (route) => {
        if (route.request().method() === 'GET') {
          listHeld = true;
          await gate;
        }
        await route.continue();
      },
    );
    await page.goto('/admin/#/ads');
    const label = page.getByTestId('ads-switch-label');
    await expect(label).toHaveText('加载中…');
    expect(held).toBe(true);
    await expect(page.getByTestId('ads-switch')).toBeDisabled();
    await expect(page.getByTestId('ads-switch')).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId('ads-page')).not.toContainText('本广告位已关闭');
    await expect(page.getByTestId('ads-page')).not.toContainText('本广告位已开启');
    await expect(page.getByTestId('ads-page').locator('.ant-spin-spinning')).toBeVisible();
    expect(listHeld).toBe(true);
    await expect(page.getByTestId('ads-page')).not.toContainText('暂无数据');
    await expect(page.getByTestId('ads-page').locator('.ant-empty')).toHaveCount(0);
    await expect(page.getByTestId('table-loading')).toBeVisible();
    await shot(page, 'console-ads-loading');
    release();
    await expect(page.getByTestId('ads-page').locator('.ant-spin-spinning')).toHaveCount(0);
    await expect(page.getByTestId('table-loading')).toHaveCount(0);
    await expect(page.getByTestId('ads-switch')).toBeEnabled();
    await expect(label).toHaveText(/^本广告位已(开启|关闭)$/);
    // The label agrees with the switch once loaded.
    const on = (await page.getByTestId('ads-switch').getAttribute('aria-checked')) === 'true';
    await expect(label).toHaveText(on ? '本广告位已开启' : '本广告位已关闭');
  });

  test('Users tags the device guests and filters on them', async ({ page, request }) => {
    const deviceId = `e2e-console-guest-${runId}`;
    const guest = guestOf(deviceId);
    const reg = await request.post('/api/user/reg', {
      headers: { deviceid: deviceId },
      data: { user_name: guest.user_name, user_pwd: guest.user_pwd, user_pwd2: guest.user_pwd, imei: guest.imei },
    });
    expect(reg.ok(), await reg.text()).toBe(true);
    const member = `member${runId}`;
    const reg2 = await request.post('/api/user/reg', {
      data: { user_name: member, user_pwd: 'viewer123', user_pwd2: 'viewer123' },
    });
    expect(reg2.ok(), await reg2.text()).toBe(true);

    await signIn(page);
    await page.goto(`/admin/#/users?wd=${guest.user_name}`);
    const table = page.getByTestId('user-table');
    const guestRow = table.locator('tr', { hasText: guest.user_name });
    await expect(guestRow.getByTestId('user-guest-tag')).toHaveText('游客');
    await page.goto(`/admin/#/users?wd=${member}`);
    await expect(table.locator('tr', { hasText: member })).toBeVisible();
    await expect(table.getByTestId('user-guest-tag')).toHaveCount(0);

    // The filter: guests only lists the guest (with its tag) and not the member; registered only the reverse.
    await page.goto('/admin/#/users');
    await page.getByTestId('user-filter-guest').click();
    await page.locator('.ant-select-item-option', { hasText: '仅游客' }).click();
    await expect(page).toHaveURL(/guest=1/);
    await expect(table.locator('tr', { hasText: guest.user_name }).getByTestId('user-guest-tag')).toBeVisible();
    await expect(table.locator('tr', { hasText: member })).toHaveCount(0);
    const rows = table.locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    expect(await table.getByTestId('user-guest-tag').count()).toBe(await rows.count());
    await page.getByTestId('user-filter-guest').click();
    await page.locator('.ant-select-item-option', { hasText: '仅注册用户' }).click();
    await expect(page).toHaveURL(/guest=0/);
    await expect(table.locator('tr', { hasText: member })).toBeVisible();
    await expect(table.locator('tr', { hasText: guest.user_name })).toHaveCount(0);
    await expect(table.getByTestId('user-guest-tag')).toHaveCount(0);

    // The group filter goes by the group that applies: the guest group (1, never stored on a user) lists the device
    // guests, shown in that group; the member group (2) lists the members and not the guests.
    await page.goto('/admin/#/users');
    await page.getByTestId('user-filter-group').click();
    await page.locator('.ant-select-item-option', { hasText: /^游客$/ }).click();
    await expect(page).toHaveURL(/group_id=1/);
    const guestInGroup = table.locator('tr', { hasText: guest.user_name });
    await expect(guestInGroup.getByTestId('user-group-tag')).toHaveText('游客');
    await expect(table.locator('tr', { hasText: member })).toHaveCount(0);
    await expect(table.getByTestId('user-group-tag').first()).toBeVisible();
    expect(await table.getByTestId('user-guest-tag').count()).toBe(await rows.count());
    await shot(page, 'console-users-guest-group');
    await page.getByTestId('user-filter-group').click();
    await page.locator('.ant-select-item-option', { hasText: /^默认会员$/ }).click();
    await expect(page).toHaveURL(/group_id=2/);
    await expect(table.locator('tr', { hasText: member }).getByTestId('user-group-tag')).toHaveText('默认会员');
    await expect(table.locator('tr', { hasText: guest.user_name })).toHaveCount(0);
    await expect(table.getByTestId('user-guest-tag')).toHaveCount(0);

    // The drawer tags it too.
    await page.goto(`/admin/#/users?wd=${guest.user_name}`);
    await table.locator('tr', { hasText: guest.user_name }).getByTestId('user-open').click();
    await expect(page.getByTestId('user-drawer').getByTestId('user-guest-tag')).toBeVisible();
  });
});

test.describe('console in English', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the groups name the free-preview right with the industry term, not a literal "try-see"', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('openvod.admin.lang', 'en-us'));
    await signIn(page);
    await page.goto('/admin/#/groups');
    await expect(page.getByTestId('group-1-right-5')).toContainText('Free preview');
    await expect(page.getByTestId('group-table')).not.toContainText(/try.?see/i);
    await shot(page, 'console-groups-en');
  });
});

test.describe('console at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const [route, testId] of [
    ['users', 'users-page-title'],
    ['ads', 'ads-page-title'],
    ['vods', 'vods-page-title'],
  ] as const) {
    test(`${route}: the title stays in view and the table scrolls inside its own box`, async ({ page }) => {
      await signIn(page);
      await page.goto(`/admin/#/${route}`);
      await expect(page.getByTestId(testId)).toBeVisible();
      const scroller = page.locator('.ant-table-content').first();
      await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
      await expectNoSidewaysPage(page);
      await expectInView(page, testId);
      await shot(page, `console-phone-${route}-top`);
      // The table is wider than the phone and scrolls by itself; the title stays where it is.
      const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      }));
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      expect(clientWidth).toBeLessThanOrEqual(390);
      await scroller.evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
      await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      await expectNoSidewaysPage(page);
      await expectInView(page, testId);
      await shot(page, `console-phone-${route}`);
    });
  }
});
