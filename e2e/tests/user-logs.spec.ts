/**
 * User logs end to end (issue 7 item 1) on a phone in Chromium, with two browser contexts of one member (the
 * device's account, signed in by the launch on each): each context has its own storage, so what the second one shows
 * comes from the server.
 *
 * - Favourites: the member favourites a film on the title page (the collect task pays its point), the second context
 *   lists it in `collection-list` (server sync); toggling the favourite there removes it, and the first context's
 *   list is empty after a reload; the collection-list's edit mode removes a film.
 * - Watch history: a film played on the first context is listed in `record-list` with its episode and how far,
 *   on both contexts; "continue" opens the title at that episode.
 * - Wallpapers: a picture collected in the wallpaper viewer shows in the second context's `wallpaper-collection`.
 *
 * Sharing a title (share-to, its short link and the share task) is walked in social.spec.ts; the task's once per
 * page a day rule is proven in apps/server/src/modules/social/social.test.ts.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { presetDevice, userToken } from './catalogue-helpers';
import { expectVideoAdvances, vodIdByName } from './helpers';
import { imageLoaded, MEDIA_SHOTS } from './media-feeds-helpers';

test.use({ locale: 'en-US', isMobile: true, hasTouch: true });

const DEVICE = 'e2e00000000000000000000000001a01';

async function openDevice(context: BrowserContext): Promise<Page> {
  await context.addInitScript((id) => localStorage.setItem('openvod-deviceid', id), DEVICE);
  const page = await context.newPage();
  await presetDevice(page, { locale: 'en-us' });
  await page.goto('/#/pages/me/index');
  await expect(page.getByTestId('me-profile')).not.toHaveAttribute('data-user-id', '0');
  return page;
}

const userIdOf = (page: Page) => page.getByTestId('me-profile').getAttribute('data-user-id');

test('a member favourites, watches and collects on one context and sees it all on another', async ({ browser }) => {
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const a = await openDevice(ctxA);
  const b = await openDevice(ctxB);
  expect(await userIdOf(a)).toBe(await userIdOf(b));
  const token = await userToken(a);

  // --- Favourite a film on A (title page).
  const film = '星海拾光';
  const filmId = await vodIdByName(a, film);
  const points = async () =>
    (await (await a.request.post('/api/user/info', { headers: { authorcode: token } })).json()).info
      .user_points as number;
  await a.goto(`/#/pages/detail/mov-detail?id=${filmId}`);
  // Opening the title takes its view (the watch entry), which pays the daily watch-films task: the favourite's
  // point is counted from here.
  await expect(a.getByTestId('player-video')).toBeVisible();
  const pointsBefore = await points();
  const fav = a.getByTestId('favourite-toggle');
  await expect(fav).toHaveAttribute('aria-pressed', 'false');
  await fav.click();
  await expect(fav).toHaveAttribute('aria-pressed', 'true');
  await expect(fav).toHaveText('Favourited');
  await expect(a.getByTestId('toast')).toHaveText('Added to favourites');
  await a.screenshot({ path: `${MEDIA_SHOTS}/user-logs-detail-favourited.png` });
  // On the server: one favourite (ajaxUlog type 2), and the daily collect task paid its point.
  const favs = await (await a.request.get('/api/user/favs', { headers: { authorcode: token } })).json();
  expect(favs.list.map((e: { ulog_rid: number }) => e.ulog_rid)).toEqual([filmId]);
  expect(await points()).toBe(pointsBefore + 1);

  // --- B: the film is in collection-list (server sync; B's storage never saw it).
  await b.goto('/#/pages/me/common/collection-list');
  const rowsB = b.getByTestId('list-row');
  await expect(rowsB).toHaveCount(1);
  await expect(rowsB.first()).toContainText(film);
  await expect(rowsB.first()).toHaveAttribute('data-id', String(filmId));
  await b.screenshot({ path: `${MEDIA_SHOTS}/user-logs-collection-list.png` });
  // Opening it and toggling the favourite removes it.
  await rowsB.first().click();
  await expect(b).toHaveURL(new RegExp(`mov-detail\\?id=${filmId}`));
  const favB = b.getByTestId('favourite-toggle');
  await expect(favB).toHaveAttribute('aria-pressed', 'true');
  await favB.click();
  await expect(favB).toHaveAttribute('aria-pressed', 'false');
  await expect(b.getByTestId('toast')).toHaveText('Removed from favourites');
  // A's list, read again from the server, is empty.
  await a.goto('/#/pages/me/common/collection-list');
  await expect(a.getByTestId('empty-view')).toBeVisible();
  await expect(a.getByTestId('list-row')).toHaveCount(0);
  await a.screenshot({ path: `${MEDIA_SHOTS}/user-logs-collection-empty.png` });

  // --- Watch a film on A: record-list on A and on B.
  await a.goto(`/#/pages/detail/mov-detail?id=${filmId}`);
  await expectVideoAdvances(a, 3);
  // Leaving the title page saves the record (and pushes it to the server).
  await a.goto('/#/pages/me/common/record-list');
  const recA = a.getByTestId('list-row');
  await expect(recA.first()).toContainText(film);
  await expect(recA.first()).toContainText(/Watched to \d+:\d\d/);
  await a.screenshot({ path: `${MEDIA_SHOTS}/user-logs-record-list.png` });
  await expect
    .poll(async () => {
      await b.goto('/#/pages/me/common/record-list');
      await b.reload();
      return (
        (await b
          .getByTestId('list-row')
          .first()
          .getAttribute('data-id')
          .catch(() => null)) ?? ''
      );
    })
    .toBe(String(filmId));
  await expect(b.getByTestId('list-row').first()).toContainText(/Watched to \d+:\d\d/);
  // Continue watching opens the title at its episode.
  await b.getByTestId('list-row').first().click();
  await expect(b).toHaveURL(new RegExp(`mov-detail\\?id=${filmId}&sid=1&nid=1`));

  // --- Edit mode on A: favourite again, then remove it from the list.
  await a.goto(`/#/pages/detail/mov-detail?id=${filmId}`);
  await a.getByTestId('favourite-toggle').click();
  await expect(a.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');
  await a.goto('/#/pages/me/common/collection-list');
  await expect(a.getByTestId('list-row')).toHaveCount(1);
  await a.getByTestId('list-edit').click();
  await expect(a.getByTestId('list-delete')).toBeDisabled();
  await a.getByTestId('list-row').first().getByRole('button').click();
  await expect(a.getByTestId('list-delete')).toHaveText('Delete (1)');
  await a.screenshot({ path: `${MEDIA_SHOTS}/user-logs-collection-edit.png` });
  await a.getByTestId('list-delete').click();
  await expect(a.locator('.adm-dialog')).toContainText('Delete 1 selected item?');
  await a.locator('.adm-dialog-button', { hasText: 'Delete' }).click();
  await expect(a.getByTestId('list-row')).toHaveCount(0);
  const favsAfter = await (await a.request.get('/api/user/favs', { headers: { authorcode: token } })).json();
  expect(favsAfter.total).toBe(0);

  // --- Collect a wallpaper on A; B's wallpaper collection shows it.
  await a.goto('/#/pages/wallpaper/index');
  const card = a.locator('[data-testid^="wallpaper-card-"]').first();
  await expect(card).toBeVisible();
  await card.click();
  const current = a.locator('figure[data-current][data-loaded]');
  await imageLoaded(current.getByTestId('wallpaper-picture'));
  const url = await current.getAttribute('data-url');
  const collect = a.getByTestId('wallpaper-collect');
  await collect.click();
  await expect(collect).toHaveAttribute('aria-pressed', 'true');
  await b.goto('/#/pages/me/common/wallpaper-collection');
  await b.reload();
  const items = b.getByTestId('wallpaper-collection-item');
  await expect(items).toHaveCount(1);
  await expect(items.first().locator('img')).toHaveAttribute('src', url ?? '');
  await imageLoaded(items.first().locator('img'));
  await b.screenshot({ path: `${MEDIA_SHOTS}/user-logs-wallpaper-collection.png` });

  await ctxA.close();
  await ctxB.close();
});
