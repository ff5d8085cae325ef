/**
 * Free views end to end (issue 7 item 2; spec §4 "Free-view flow", §5 "When views run out: watch an ad, log in or
 * become VIP") on a phone in Chromium against the real server.
 *
 * Setup through the console API: the guest group (the device's automatic account) and the member group get one
 * free view a day each, and a view costs 5 points in the exchange centre. A guest plays one title, is blocked on the
 * second with the three choices, and "log in" sends it to the login page; it logs in to a member account and is
 * taken back to the title, which now plays on the member's own free view. The member is blocked on a third title
 * (replaying the log write, or sending tomorrow's date in the `time` header, changes nothing: the server decides),
 * checks in for 5 points, exchanges them for one view in the exchange centre, comes back, and the title plays.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminToken, presetDevice, userToken } from './catalogue-helpers';
import { expectVideoAdvances, vodIdByName } from './helpers';

test.use({ locale: 'en-US', isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } });

const SHOTS = `.tmp/free-views-shots-${process.env.E2E_PORT ?? 18080}`;
const TITLES = ['月背回声', '星海拾光', '零度边界'] as const;
const QUOTA_USED_UP = 4104;

async function settings(request: APIRequestContext, admin: string, data: Record<string, unknown>) {
  const res = await request.patch('/api/admin/points/settings', { headers: { authorcode: admin }, data });
  expect(res.ok(), await res.text()).toBe(true);
}

async function open(page: Page, id: number) {
  await page.goto(`/#/pages/detail/mov-detail?id=${id}`);
}

test.describe
  .serial('free views', () => {
    let admin = '';
    const member = { name: `fv${Date.now().toString(36)}`, password: 'member123' };

    test.beforeAll(async ({ request }) => {
      admin = await adminToken(request);
      await settings(request, admin, {
        quotas: [
          { group_id: 1, free_views: 1, free_downloads: 0 },
          { group_id: 2, free_views: 1, free_downloads: 0 },
        ],
        view_points: 5,
      });
      const reg = await request.post('/api/user/reg', {
        data: { user_name: member.name, user_pwd: member.password, user_pwd2: member.password },
      });
      expect(reg.ok(), await reg.text()).toBe(true);
    });

    test.afterAll(async ({ request }) => {
      // Back to the seeded quotas and price, for the specs that run after this one.
      await settings(request, admin, {
        quotas: [
          { group_id: 1, free_views: 3, free_downloads: 0 },
          { group_id: 2, free_views: 5, free_downloads: 2 },
        ],
        view_points: 10,
      });
    });

    test('a guest is blocked and sent to log in; the member uses up its view, exchanges points for one and plays', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const [a, b, c] = [
        await vodIdByName(page, TITLES[0]),
        await vodIdByName(page, TITLES[1]),
        await vodIdByName(page, TITLES[2]),
      ];
      await presetDevice(page, { locale: 'en-us' });
      await page.goto('/#/pages/me/index');
      await expect(page.getByTestId('me-profile')).not.toHaveAttribute('data-user-id', '0');
      const guestToken = await userToken(page);

      // The guest's one free view.
      await open(page, a);
      await expectVideoAdvances(page, 1);

      // The second title: blocked before the player, with the three choices; "Log in" for a guest.
      await open(page, b);
      const blocked = page.getByTestId('quota-blocked');
      await expect(blocked).toHaveAttribute('data-reason', 'blocked');
      await expect(blocked).toContainText("Today's free views are used up");
      await expect(blocked).toContainText('Watch an ad, log in or become VIP to keep watching');
      await expect(page.getByTestId('quota-choice-ad')).toHaveText('Watch an ad');
      await expect(page.getByTestId('quota-choice-login')).toHaveText('Log in');
      await expect(page.getByTestId('quota-choice-vip')).toHaveText('Become VIP');
      await expect(page.getByTestId('player-video')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/guest-blocked.png` });
      // Writing the log entry straight against the API (a client skipping the screen) is refused by the server.
      const forced = await request.get(`/api/user/ulog?ac=set&type=4&id=${b}&sid=1&nid=1`, {
        headers: { authorcode: guestToken },
      });
      expect(forced.status()).toBe(403);
      expect((await forced.json()).code).toBe(QUOTA_USED_UP);
      // Skipping that write gains nothing either: the title's detail has no address to play (nor without a session).
      for (const headers of [{ authorcode: guestToken }, {}] as Record<string, string>[]) {
        const detail = (await (await request.get(`/api/vod/${b}`, { headers })).json()) as {
          info: { play_locked: number; vod_play_url: string; sources: { episodes: { url: string }[] }[] };
        };
        expect(detail.info.play_locked).toBe(1);
        expect(detail.info.vod_play_url).toBe('');
        expect(detail.info.sources.flatMap((s) => s.episodes.map((e) => e.url)).every((u) => u === '')).toBe(true);
      }

      // "Log in" leads to the login page, which brings the member back to the title.
      await page.getByTestId('quota-choice-login').click();
      await expect(page).toHaveURL(/#\/pages\/login\/index\?redirect=/);
      await page.getByTestId('login-tab-password').click();
      await page.getByTestId('login-username').fill(member.name);
      await page.getByTestId('login-password').fill(member.password);
      await page.getByTestId('login-agree').check();
      await page.getByTestId('login-submit-password').click();
      await expect(page).toHaveURL(new RegExp(`mov-detail\\?id=${b}`));
      // The member's own free view of the day.
      await expectVideoAdvances(page, 1);
      const memberToken = await userToken(page);
      expect(memberToken).not.toBe(guestToken);

      // A third title: blocked, three choices ("log in" = another account for a member).
      await open(page, c);
      await expect(blocked).toHaveAttribute('data-reason', 'blocked');
      await expect(page.getByTestId('quota-count')).toHaveText('Free views today: 1/1');
      await expect(page.getByTestId('quota-choice-ad')).toBeVisible();
      await expect(page.getByTestId('quota-choice-login')).toHaveText('Log in to another account');
      await expect(page.getByTestId('quota-choice-vip')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/member-blocked.png` });
      // Replays and another date in the `time` header grant nothing: the operator's day is the server's.
      const tomorrow = String(Math.floor(Date.now() / 1000) + 86_400);
      for (let i = 0; i < 3; i++) {
        const replay = await request.get(`/api/user/ulog?ac=set&type=4&id=${c}&sid=1&nid=1`, {
          headers: { authorcode: memberToken, time: tomorrow },
        });
        expect(replay.status()).toBe(403);
      }
      const check = await request.get(`/api/popedom?id=${c}&type=4`, {
        headers: { authorcode: memberToken, time: tomorrow },
      });
      expect(await check.json()).toMatchObject({ allowed: false, reason: 'blocked', extra: 0 });

      // Points for a view: check in (+5), exchange 5 points for one view in the exchange centre.
      const checkin = await request.get('/api/points/plog?type=10', { headers: { authorcode: memberToken } });
      expect(await checkin.json()).toMatchObject({ code: 1, point: 5 });
      await page.getByTestId('quota-exchange').click();
      await expect(page).toHaveURL(/exchange-center/);
      await page.getByTestId('exchange-type-view').click();
      await page.getByTestId('exchange-count').fill('1');
      await page.getByTestId('exchange-submit').click();
      await expect(page.getByTestId('exchange-result')).toHaveText('Exchanged: 5 points spent');
      await expect(page.getByTestId('exchange-credits')).toHaveText('Views 1 · Downloads 0');

      await open(page, c);
      await expectVideoAdvances(page, 1);
      await expect(page.getByTestId('quota-blocked')).toHaveCount(0);
      // The extra view was used once: none left, and reopening the title costs nothing.
      const task = await request.get('/api/points/task', { headers: { authorcode: memberToken } });
      expect((await task.json()).credits).toEqual({ views: 0, downloads: 0 });
      await page.reload();
      await expectVideoAdvances(page, 1);
      await page.screenshot({ path: `${SHOTS}/member-plays.png` });
    });
  });
