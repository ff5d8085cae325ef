import { expect, type Page, test } from '@playwright/test';
import {
  categoryTitles,
  expectMediaCategoriesOpen,
  expectPlaying,
  MEDIA_SHOTS,
  presetDevice,
  specialTypeId,
  swipe,
} from './media-feeds-helpers';

/** Path + query of a URL (the API may answer absolute URLs on the public origin). */
const where = (url: string) => {
  const u = new URL(url, 'http://x');
  return u.pathname + u.search;
};

async function streamOf(page: Page, id: number, nid = 1): Promise<string> {
  const detail = await (await page.request.get(`/api/vod/${id}`)).json();
  const url = detail.info.sources[0]?.episodes[nid - 1]?.url as string | undefined;
  if (!url) throw new Error(`title ${id} has no stream ${nid}`);
  return where(url);
}

test.beforeEach(async ({ page }) => {
  await expectMediaCategoriesOpen(page);
  await presetDevice(page);
});

test('small videos: the feed plays the current video, preloads the next and swipes to it', async ({ page }) => {
  const titles = await categoryTitles(page, await specialTypeId(page, 'app_smallvideo_typeid'));
  const [first, second, third] = titles;
  if (!first || !second || !third) throw new Error('the small-video category needs three titles');
  const secondStream = await streamOf(page, second.vod_id);
  // The next video's playlist is requested while the first one plays (preload).
  const nextPreloaded = page.waitForRequest((req) => where(req.url()) === secondStream);

  await page.goto('/');
  await page.getByTestId('entry-smallVideo').click();
  await expect(page).toHaveURL(/#\/pages\/smallvideo\/index$/);
  const current = page.getByTestId('feed-video');
  await expect(current).toHaveAttribute('aria-label', first.vod_name);
  await expectPlaying(current);
  await nextPreloaded;
  const next = page.getByTestId('feed-video-next');
  await expect(next).toHaveAttribute('aria-label', second.vod_name);
  // Buffered ahead but not playing.
  await expect
    .poll(() => next.evaluate((v: HTMLVideoElement) => v.buffered.length > 0 && v.readyState >= 2))
    .toBe(true);
  expect(await next.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await page.screenshot({ path: `${MEDIA_SHOTS}/smallvideo-feed.png` });

  // Swipe up: the second plays, the first is paused.
  await swipe(page, 0, -300);
  await expect(current).toHaveAttribute('aria-label', second.vod_name);
  await expectPlaying(current);
  const previous = page.getByTestId('feed-video-prev');
  await expect(previous).toHaveAttribute('aria-label', first.vod_name);
  expect(await previous.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

  // The wheel and the keys move through it on a desktop.
  await page.mouse.wheel(0, 240);
  await expect(current).toHaveAttribute('aria-label', third.vod_name);
  await expectPlaying(current, 1);
  await page.keyboard.press('ArrowUp');
  await expect(current).toHaveAttribute('aria-label', second.vod_name);
  await expectPlaying(current, 1);

  // small-detail opens the feed at a given title.
  await page.goto(`/#/pages/detail/small-detail?id=${third.vod_id}`);
  await expect(current).toHaveAttribute('aria-label', third.vod_name);
  await expectPlaying(current, 1);
  await expect(page.getByTestId('feed-video-prev')).toHaveAttribute('aria-label', second.vod_name);
});

test('playlets: the grid opens episode 1, "next" plays episode 2 and its end plays episode 3', async ({ page }) => {
  const titles = await categoryTitles(page, await specialTypeId(page, 'app_playlet_typeid'));
  const drama = titles[0];
  if (!drama) throw new Error('the playlet category is empty');
  const [ep1, ep2, ep3] = [
    await streamOf(page, drama.vod_id, 1),
    await streamOf(page, drama.vod_id, 2),
    await streamOf(page, drama.vod_id, 3),
  ];
  expect(new Set([ep1, ep2, ep3]).size).toBe(3);

  await page.goto('/');
  await page.getByTestId('entry-playlet').click();
  await expect(page).toHaveURL(/#\/pages\/playlet\/index$/);
  await expect(page.getByTestId(`playlet-card-${drama.vod_id}`)).toBeVisible();
  await page.screenshot({ path: `${MEDIA_SHOTS}/playlet-index.png` });

  const ep1Requested = page.waitForRequest((req) => where(req.url()) === ep1);
  const ep2Preloaded = page.waitForRequest((req) => where(req.url()) === ep2);
  await page.getByTestId(`playlet-card-${drama.vod_id}`).click();
  await expect(page).toHaveURL(new RegExp(`playlet-detail\\?id=${drama.vod_id}`));
  await ep1Requested;
  const video = page.getByTestId('feed-video');
  await expect(video).toHaveAttribute('aria-label', /第0?1集/);
  await expectPlaying(video, 1);
  // The demo episodes last a few seconds: tap to pause episode 1 so it does not end (and move on) meanwhile.
  await video.click();
  await expect(page.getByTestId('feed-resume')).toBeVisible();
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await expect(video).toHaveAttribute('aria-label', /第0?1集/);
  await ep2Preloaded;
  await page.screenshot({ path: `${MEDIA_SHOTS}/playlet-detail.png` });

  // The episode grid marks episode 1.
  await page.getByTestId('playlet-episodes').click();
  await expect(page.getByTestId('playlet-episode-1')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('playlet-episode-6')).toBeVisible();
  await page.screenshot({ path: `${MEDIA_SHOTS}/playlet-episodes.png` });
  await page.getByTestId('playlet-episode-1').click();

  // 'next' → episode 2, which plays.
  await page.getByTestId('playlet-next').click();
  await expect(page).toHaveURL(/nid=2$/);
  await expect(video).toHaveAttribute('aria-label', /第0?2集/);
  await expectPlaying(video, 1);

  // At the end of episode 2 the player moves on to episode 3 by itself.
  await expect(page).toHaveURL(/nid=3$/, { timeout: 40_000 });
  await expect(video).toHaveAttribute('aria-label', /第0?3集/);
  await expectPlaying(video, 1);
  await video.click();
  await expect(page.getByTestId('feed-resume')).toBeVisible();

  // Swiping down goes back to episode 2.
  await swipe(page, 0, 300);
  await expect(page).toHaveURL(/nid=2$/);
  await expect(video).toHaveAttribute('aria-label', /第0?2集/);
});

test('live TV: a channel from the live category plays its live stream with a LIVE badge and no seek bar', async ({
  page,
}) => {
  const channels = await categoryTitles(page, await specialTypeId(page, 'app_live_typeid'));
  const channel = channels[0];
  if (!channel) throw new Error('the live category is empty');
  const stream = await streamOf(page, channel.vod_id);
  // A live playlist: no end marker, and a window that moves on.
  const playlist = await (await page.request.get(stream)).text();
  expect(playlist).toContain('#EXTM3U');
  expect(playlist).not.toContain('#EXT-X-ENDLIST');
  const sequence = (text: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? Number.NaN);
  const firstSequence = sequence(playlist);
  expect(firstSequence).not.toBeNaN();

  await page.goto('/');
  await page.getByTestId('entry-live').click();
  await expect(page).toHaveURL(/#\/pages\/live\/index$/);
  await expect(page.getByTestId(`live-channel-${channel.vod_id}`)).toBeVisible();
  await page.screenshot({ path: `${MEDIA_SHOTS}/live-index.png` });

  await page.getByTestId(`live-channel-${channel.vod_id}`).click();
  await expect(page).toHaveURL(new RegExp(`live/index\\?id=${channel.vod_id}`));
  const video = page.getByTestId('live-video');
  await expect(video).toHaveAttribute('aria-label', channel.vod_name);
  await expect(page.getByTestId('live-badge')).toBeVisible();
  // No native controls, so no seek bar.
  expect(await video.evaluate((v: HTMLVideoElement) => v.controls)).toBe(false);
  await expectPlaying(video, 2);
  await page.screenshot({ path: `${MEDIA_SHOTS}/live-playing.png` });
  await expect
    .poll(async () => sequence(await (await page.request.get(stream)).text()), { timeout: 20_000 })
    .toBeGreaterThan(firstSequence);
});
