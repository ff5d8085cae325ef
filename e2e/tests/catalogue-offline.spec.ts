/**
 * Spec §4 "Home request failure falls back to cached data ... for slideshow and recommendation": after one good
 * visit, the home page still shows its content when the API cannot be reached: on a fresh load with every API
 * request failing, and when the network drops and the viewer pulls to refresh.
 */
import { expect, test } from '@playwright/test';
import { presetDevice, SHOTS_DIR } from './catalogue-helpers';

test.use({ locale: 'en-US', hasTouch: true });

test('the home page shows the content cached on the device when the server cannot be reached', async ({
  page,
  context,
}) => {
  await presetDevice(page);
  await page.goto('/#/pages/home/index');
  const slide = page.getByTestId('home-slide');
  await expect(slide).toBeVisible();
  await expect(page.getByTestId('home-cached')).toHaveCount(0);
  const slideText = (await slide.locator('[data-testid^="slide-"] strong').first().textContent()) ?? '';
  const recommendFirst = await page
    .getByTestId('home-recommend')
    .locator('[data-testid^="vod-card-"]')
    .first()
    .getAttribute('data-testid');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('openvod-home-cache')?.length ?? 0))
    .toBeGreaterThan(100);

  // A fresh start with every API call failing (the app's own files still load).
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByTestId('home-cached')).toBeVisible();
  await expect(slide.locator('[data-testid^="slide-"] strong').first()).toHaveText(slideText);
  await expect(page.getByTestId('home-recommend').locator(`[data-testid="${recommendFirst}"]`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/home-offline-dark.png` });
  await page.unroute('**/api/**');

  // Back online, a good answer clears the notice; then the network drops and a pull to refresh keeps the content.
  await page.reload();
  await expect(slide).toBeVisible();
  await expect(page.getByTestId('home-cached')).toHaveCount(0);
  await context.setOffline(true);
  // The home page's pull to refresh follows a finger: drag one down from the top of the page.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 195, y: 290 }] });
  for (let y = 310; y <= 690; y += 20)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 195, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(page.getByTestId('home-cached')).toBeVisible();
  await expect(slide.locator('[data-testid^="slide-"] strong').first()).toHaveText(slideText);
  await context.setOffline(false);
});
