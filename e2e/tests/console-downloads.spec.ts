/**
 * The console's downloads (issue 17 item 7) at phone width against the real server: a member's downloads, taken
 * through ajaxUlog type 5 and reported by the app (reportDownload), show on the Downloads page per day and among the
 * top titles; on the Groups page the member group's download right (group_popedom 4) is shown and edited in the
 * rights matrix and refuses or allows a download at once, and its free downloads per day are edited.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminToken, consoleSignIn, titleByName } from './catalogue-helpers';

test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });

const SHOTS = process.env.E2E_SHOTS_DIR ?? `.tmp/console-downloads-shots-${process.env.E2E_PORT ?? 18080}`;
const TITLE = '雾都疑案簿';

async function pointsSettings(request: APIRequestContext, admin: string) {
  const res = await request.get('/api/admin/points/settings', { headers: { authorcode: admin } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { quotas: { group_id: number; free_views: number; free_downloads: number }[] };
}

test.describe
  .serial('console downloads', () => {
    let admin = '';
    let member = '';
    let vodId = 0;
    let top = 0;
    let memberQuota = { group_id: 2, free_views: 5, free_downloads: 2 };

    test.beforeAll(async ({ request }) => {
      admin = await adminToken(request);
      memberQuota = (await pointsSettings(request, admin)).quotas.find((q) => q.group_id === 2) ?? memberQuota;
      // Two free downloads a day for members, whatever an earlier spec left.
      const set = await request.patch('/api/admin/points/settings', {
        headers: { authorcode: admin },
        data: { quotas: [{ ...memberQuota, free_downloads: 2 }] },
      });
      expect(set.ok(), await set.text()).toBe(true);
      const name = `dl${Date.now().toString(36)}`;
      const reg = await request.post('/api/user/reg', {
        data: { user_name: name, user_pwd: 'member123', user_pwd2: 'member123' },
      });
      expect(reg.ok(), await reg.text()).toBe(true);
      member = ((await reg.json()) as { token: string }).token;
    });

    test.afterAll(async ({ request }) => {
      await request.patch('/api/admin/points/settings', {
        headers: { authorcode: admin },
        data: { quotas: [memberQuota] },
      });
    });

    test('the Downloads page counts what members downloaded, per day and by title', async ({ page, request }) => {
      const title = await titleByName(page, TITLE);
      vodId = title.vod_id;
      top = title.type_id_1 || title.type_id;
      const headers = { authorcode: member };
      for (const nid of [1, 2]) {
        const res = await request.get(`/api/user/ulog?ac=set&type=5&id=${vodId}&sid=1&nid=${nid}`, { headers });
        expect(res.ok(), await res.text()).toBe(true);
      }
      const report = async (nid: number, event: string) => {
        const res = await request.post('/api/download/report', {
          headers,
          data: { vod_id: vodId, sid: 1, nid, event },
        });
        expect(res.ok(), await res.text()).toBe(true);
      };
      await report(1, 'started');
      await report(1, 'completed');
      await report(2, 'started');
      await report(2, 'failed');
      // An episode the server never granted counts nothing.
      const refused = await request.post('/api/download/report', {
        headers: { ...headers, 'accept-language': 'en-US' },
        data: { vod_id: vodId, sid: 1, nid: 3, event: 'started' },
      });
      expect(refused.status()).toBe(403);

      await page.addInitScript(() => localStorage.setItem('openvod.admin.lang', 'en-us'));
      await consoleSignIn(page);
      await page.goto('/admin/#/downloads');
      await expect(page.getByTestId('dl-days-title')).toHaveText('By day');
      const row = page.getByTestId('dl-top').locator('tr', { hasText: TITLE });
      await expect(row.locator('td')).toHaveText([TITLE, '2', '1', '1', '1']);
      const started = Number(await page.getByTestId('dl-started').getAttribute('data-value'));
      expect(started).toBeGreaterThanOrEqual(2);
      // Today is the first row of the days (newest first) and holds at least this member's reports.
      const today = page.getByTestId('dl-days').locator('tbody tr.ant-table-row').first();
      await expect(today.locator('td').nth(1)).not.toHaveText('0');
      await page.getByTestId('dl-range').getByText('7 days', { exact: true }).click();
      await expect(page.getByTestId('dl-days').locator('tbody tr.ant-table-row')).toHaveCount(7);
      await page.screenshot({ path: `${SHOTS}/console-downloads.png`, fullPage: true });
    });

    test('Groups shows and edits the download right and the free downloads per day', async ({ page, request }) => {
      const check = async () => {
        const res = await request.get(`/api/popedom?id=${vodId}&type=5`, { headers: { authorcode: member } });
        return ((await res.json()) as { reason: string }).reason;
      };
      await page.addInitScript(() => localStorage.setItem('openvod.admin.lang', 'en-us'));
      await consoleSignIn(page);
      await page.goto('/admin/#/groups');
      await expect(page.getByTestId('group-2-free')).toHaveText(`Views ${memberQuota.free_views} · downloads 2`);
      await expect(page.getByTestId('group-2-right-4')).toContainText('Download');
      await page.getByTestId('group-2-right-4').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/console-groups-list.png` });

      // Take the download right of the title's category from members: downloads are refused at once.
      await page.getByTestId('group-edit-2').click();
      // The matrix's column of right 4, named with its number in group_popedom (antd repeats the header row).
      const header = page
        .getByTestId('group-matrix')
        .locator('thead')
        .getByText('Download (4)', { exact: true })
        .first();
      await header.scrollIntoViewIfNeeded();
      await expect(header).toBeVisible();
      const cell = page.getByTestId(`group-right-${top}-4`);
      await cell.scrollIntoViewIfNeeded();
      await expect(cell).toBeChecked();
      await page.screenshot({ path: `${SHOTS}/console-groups-download-right.png` });
      await cell.uncheck();
      await page.getByTestId('group-free-downloads').fill('3');
      await page.getByTestId('group-save').click();
      await expect(page.getByTestId('group-save')).toBeHidden();
      await expect(page.getByTestId('group-2-free')).toContainText('downloads 3');
      await expect.poll(check, { timeout: 30_000 }).toBe('no_right');
      expect((await pointsSettings(request, admin)).quotas.find((q) => q.group_id === 2)?.free_downloads).toBe(3);
      await page.screenshot({ path: `${SHOTS}/console-groups.png`, fullPage: true });

      // Give it back.
      await page.getByTestId('group-edit-2').click();
      const again = page.getByTestId(`group-right-${top}-4`);
      await again.scrollIntoViewIfNeeded();
      await expect(again).not.toBeChecked();
      await again.check();
      await page.getByTestId('group-save').click();
      await expect(page.getByTestId('group-save')).toBeHidden();
      await expect.poll(check, { timeout: 30_000 }).not.toBe('no_right');
    });
  });
