/**
 * VIP-only sections (spec §2 'Kind reminder', issue 4 item 4): the console drops a category from the member group's
 * `group_type` (adminUpdateGroup); the signed-in member then sees the reminder on the home block, the sort tab, the
 * find page and the title page, and 'open VIP' lands on buy-center. The group is restored afterwards.
 */
import { expect, type Page, test } from '@playwright/test';
import { adminToken, presetDevice, SHOTS_DIR, titleByName, userToken } from './catalogue-helpers';

test.use({ locale: 'en-US' });

interface Group {
  group_id: number;
  group_type: string;
}

async function memberGroup(page: Page, admin: string): Promise<Group> {
  const res = await page.request.get('/api/admin/groups', { headers: { authorcode: admin } });
  const groups = ((await res.json()) as { list: Group[] }).list;
  const group = groups.find((g) => g.group_id === 2);
  if (!group) throw new Error('group 2 missing');
  return group;
}

async function setGroupType(page: Page, admin: string, groupType: string) {
  const res = await page.request.patch('/api/admin/groups/2', {
    headers: { authorcode: admin },
    data: { group_type: groupType },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('a member tapping a VIP-only category sees the Kind reminder and lands on buy-center', async ({ page }) => {
  test.setTimeout(180_000);
  await presetDevice(page);
  const title = await titleByName(page, '长安夜行录');
  const locked = title.type_id_1 || title.type_id;

  // The first launch signs a guest member in (group 2).
  await page.goto('/#/pages/me/index');
  const token = await userToken(page);
  const me = (await (await page.request.get('/api/user/info', { headers: { authorcode: token } })).json()) as {
    info?: { group_id: number };
  };
  expect(me.info?.group_id ?? 2).toBe(2);

  const admin = await adminToken(page.request);
  const original = (await memberGroup(page, admin)).group_type;
  const typesNow = (await (await page.request.get('/api/types', { headers: { authorcode: token } })).json()) as {
    list: { type_id: number }[];
  };
  const all = original ? original.split(',').filter(Boolean) : typesNow.list.map((t) => String(t.type_id));
  try {
    await setGroupType(page, admin, all.filter((id) => id !== String(locked)).join(','));
    // The server's group cache lasts a few seconds: wait until the member's getType shows the lock.
    await expect
      .poll(
        async () => {
          const body = (await (await page.request.get('/api/types', { headers: { authorcode: token } })).json()) as {
            list: { type_id: number; permission: number }[];
          };
          return body.list.find((t) => t.type_id === locked)?.permission;
        },
        // getType answers are cached per group for up to 30 s on the server.
        { timeout: 60_000 },
      )
      .toBe(0);

    // Home: the block carries the VIP badge; a tap shows the reminder; 'open VIP' goes to buy-center.
    await page.goto('/#/pages/home/index');
    const block = page.getByTestId(`home-block-${locked}`);
    await expect(block.getByTestId('vip-badge')).toBeVisible();
    await block.locator('[data-testid^="vod-card-"]').first().click();
    await expect(page.getByTestId('vip-dialog')).toHaveText('Kind reminder');
    await expect(page.locator('.adm-dialog')).toContainText('This section requires membership');
    await page.screenshot({ path: `${SHOTS_DIR}/vip-dialog-dark.png` });
    await page.getByTestId('vip-open').click();
    await expect(page).toHaveURL(/#\/pages\/me\/plog\/buy-center/);

    // Sort page tabs and the find page show the same reminder; cancel stays.
    await page.goto('/#/pages/sort/index');
    await page.getByTestId(`sort-tab-${locked}`).click();
    await expect(page.getByTestId('vip-dialog')).toBeVisible();
    await page.locator('.adm-dialog-button', { hasText: 'Cancel' }).click();
    await expect(page).toHaveURL(/#\/pages\/sort\/index/);
    await expect(page).not.toHaveURL(new RegExp(`type_id=${locked}`));
    await page.goto('/#/pages/find/index');
    await page.getByTestId(`find-type-${locked}`).locator('a').first().click();
    await expect(page.getByTestId('vip-dialog')).toBeVisible();
    await page.getByTestId('vip-open').click();
    await expect(page).toHaveURL(/#\/pages\/me\/plog\/buy-center/);

    // The title page shows the reminder instead of the player, and getDetail carries no play data.
    const detail = (await (
      await page.request.get(`/api/vod/${title.vod_id}`, { headers: { authorcode: token } })
    ).json()) as { info: { permission: number; sources: unknown[] } };
    expect(detail.info.permission).toBe(0);
    expect(detail.info.sources).toEqual([]);
    await page.goto(`/#/pages/detail/mov-detail?id=${title.vod_id}`);
    const panel = page.getByTestId('vip-reminder');
    await expect(panel).toContainText('This section requires membership');
    await expect(page.getByTestId('player-video')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS_DIR}/vip-detail-dark.png` });
    await panel.getByTestId('vip-open').click();
    await expect(page).toHaveURL(/#\/pages\/me\/plog\/buy-center/);
  } finally {
    await setGroupType(page, admin, original);
  }
});
