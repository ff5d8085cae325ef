/**
 * Social end to end on a phone in Chromium (modules/social, apps/web/src/features/social): two members, A and B,
 * each signed in on their own device. A opens the scan sheet from the Me page's top-right icon and picks pictures
 * from the album: a picture without a member's QR says 'The scanning content is incorrect!'; B's identity card (a
 * PNG of B's id-card page) opens B's homepage. A follows B: A's attention count (Me page, A's homepage) and B's fan
 * count (B's homepage, B's Me page) move to 1. A likes a title on its page (the count goes up by one and stays so
 * after a reload). A shares three pages through share-to (the title, B's homepage, and the app from the task list's
 * "go"): each gets a short link, and the task list shows the share task (3 a day) done.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { presetDevice } from './catalogue-helpers';
import { logInWithPassword, type Member, registerMember, vodIdByName } from './helpers';

test.use({ locale: 'en-US', isMobile: true, hasTouch: true });

/** A phone of its own for `member`, signed in with the password form from the Me page. */
async function phoneOf(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-US',
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await presetDevice(page, { locale: 'en-us' });
  await logInWithPassword(page, member);
  return page;
}

test('members follow by scanning an identity card, like a title and share for the daily task', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [a, b] = [await registerMember(request, 'soa'), await registerMember(request, 'sob')];
  const phoneB = await phoneOf(browser, b);
  const phoneA = await phoneOf(browser, a);

  // Before: nobody follows anybody.
  await expect(phoneA.getByTestId('me-attent-count')).toHaveText('0');
  await expect(phoneB.getByTestId('me-fan-count')).toHaveText('0');

  // B's identity card, as a picture in A's album.
  await phoneB.goto('/#/pages/me/id-card');
  await expect(phoneB.getByTestId('id-card-qr')).toBeVisible();
  const card = await phoneB.getByTestId('id-card').screenshot();
  const notAQr = await phoneA.getByTestId('me-friend-counts').screenshot();

  // A scans from the album: first a picture without a member's QR, then B's card.
  await phoneA.getByTestId('me-scan').click();
  await expect(phoneA.getByTestId('scanner')).toBeVisible();
  await phoneA.getByTestId('scan-file').setInputFiles({ name: 'counts.png', mimeType: 'image/png', buffer: notAQr });
  await expect(phoneA.getByText('The scanning content is incorrect!')).toBeVisible();
  await phoneA.getByTestId('scan-file').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: card });
  await expect(phoneA).toHaveURL(new RegExp(`#/pages/me/friend-info\\?id=${b.id}$`));
  await expect(phoneA.getByTestId('friend-info')).toHaveAttribute('data-user-id', String(b.id));
  await expect(phoneA.getByTestId('friend-fan')).toHaveText('0');

  // A follows B: both sides' counts move.
  const follow = phoneA.getByTestId(`follow-${b.id}`);
  await follow.click();
  await expect(follow).toHaveText('Following');
  await expect(phoneA.getByTestId('friend-fan')).toHaveText('1');
  await phoneA.goto('/#/pages/me/index');
  await expect(phoneA.getByTestId('me-attent-count')).toHaveText('1');
  await phoneA.goto(`/#/pages/me/friend-info?id=${a.id}`);
  await expect(phoneA.getByTestId('friend-attent')).toHaveText('1');
  await phoneB.goto('/#/pages/me/index');
  await expect(phoneB.getByTestId('me-fan-count')).toHaveText('1');
  await phoneB.getByTestId('me-fans').click();
  await expect(phoneB.getByTestId('friend-item')).toHaveCount(1);
  await expect(phoneB.getByTestId('friend-item')).toContainText(a.name);

  // A likes a title; the count stays up after a reload.
  const vod = await vodIdByName(phoneA, '城南旧案');
  await phoneA.goto(`/#/pages/detail/mov-detail?id=${vod}`);
  const like = phoneA.getByTestId('like-title');
  const state = await request.get(`/api/vod/${vod}/digg/state`);
  const before = ((await state.json()) as { info: { vod_up: number } }).info.vod_up;
  await expect(phoneA.getByTestId('like-count')).toHaveText(String(before));
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(phoneA.getByTestId('like-count')).toHaveText(String(before + 1));
  await phoneA.reload();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(phoneA.getByTestId('like-count')).toHaveText(String(before + 1));

  // A shares the title, B's homepage and the app: three pages, the share task's three a day.
  const shortLink = phoneA.getByTestId('share-link');
  await phoneA.getByTestId('share-title').click();
  await expect(shortLink).toHaveText(/\/s\/[A-Za-z0-9]{8}$/);
  await phoneA.goto(`/#/pages/me/friend-info?id=${b.id}`);
  await phoneA.getByTestId('friend-share').click();
  await expect(shortLink).toHaveText(/\/s\/[A-Za-z0-9]{8}$/);
  await phoneA.goto('/#/pages/me/task-list');
  const task = phoneA.getByTestId('task-share');
  await expect(task).toContainText('2/3');
  await phoneA.getByTestId('task-share-go').click();
  await expect(phoneA).toHaveURL(/#\/pages\/me\/share-to/);
  await expect(shortLink).toHaveText(/\/s\/[A-Za-z0-9]{8}$/);
  await phoneA.goBack();
  await expect(task).toContainText('3/3');
  await expect(task).toContainText('Done');
  await expect(phoneA.getByTestId('task-share-go')).toHaveCount(0);

  await phoneA.context().close();
  await phoneB.context().close();
});
