/**
 * The player overlay (spec §2 Player overlay, §3 Player state and watch record; issue 5 items 1–2) as a new viewer
 * uses it on a phone: a 390×844 touch screen, every control driven by taps (page.touchscreen) and swipes (CDP
 * Input.dispatchTouchEvent), effects checked on the real <video> playing the demo's ffmpeg-made HLS titles.
 */
import { type CDPSession, expect, type Locator, type Page, test } from '@playwright/test';
import { expectVideoAdvances, playableDetail, vodIdByName } from './helpers';

test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

test.beforeEach(async ({ page }) => {
  // A returning viewer: the first-launch privacy dialog has been answered (accounts.spec.ts covers it).
  await page.addInitScript(() => {
    if (!localStorage.getItem('openvod-settings')) {
      localStorage.setItem('openvod-settings', JSON.stringify({ state: { permissionAgree: true }, version: 1 }));
    }
  });
});

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('no bounding box');
  return b;
}

async function tapAt(page: Page, locator: Locator, fx = 0.5, fy = 0.5) {
  const b = await box(locator);
  await page.touchscreen.tap(b.x + b.width * fx, b.y + b.height * fy);
}

/**
 * A one-finger swipe from (x1, y1) to (x2, y2) in page coordinates: `steps` moves 16 ms apart (event timestamps),
 * then the finger rests 200 ms before lifting, so the swipe ends without a fling (a tap during a fling only stops it).
 */
async function swipe(cdp: CDPSession, x1: number, y1: number, x2: number, y2: number, steps = 8) {
  let timestamp = Date.now() / 1000;
  const send = (type: string, points: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', {
      type: type as 'touchStart',
      touchPoints: points.map((p) => ({ ...p, id: 1 })),
      timestamp,
    });
  await send('touchStart', [{ x: x1, y: y1 }]);
  for (let i = 1; i <= steps; i++) {
    timestamp += 0.016;
    await send('touchMove', [{ x: x1 + ((x2 - x1) * i) / steps, y: y1 + ((y2 - y1) * i) / steps }]);
  }
  timestamp += 0.2;
  await send('touchMove', [{ x: x2, y: y2 }]);
  await send('touchEnd', []);
}

/**
 * A double tap at (x, y), on a page whose clock is stopped (see {@link withClockStopped}): with the page's clock
 * installed (page.clock), an event's timeStamp is the fake clock's time when the page reads it, so the two lifts,
 * stamped while the clock stands still, are 0 ms apart however long the runner's round trips take (the player tells a
 * double tap by these time stamps, gestures.ts DOUBLE_TAP_MS).
 */
async function doubleTap(cdp: CDPSession, x: number, y: number) {
  for (let i = 0; i < 2; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
}

/**
 * Runs `steps` with the page's clock (page.clock, installed before the page loaded; time flows as usual otherwise)
 * stopped: no page timer fires and every event is stamped with the same time until `steps` run the clock on
 * (page.clock.runFor) or end, when the clock flows again. pauseAt must not name a time in the page's past, so the
 * clock stops a second ahead of the page's time (timers due within that second fire first, once).
 */
async function withClockStopped(page: Page, steps: () => Promise<void>) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  try {
    await steps();
  } finally {
    await page.clock.resume();
  }
}

const video = (page: Page) => page.getByTestId('player-video');
const prop = <T>(page: Page, fn: (v: HTMLVideoElement) => T) => video(page).evaluate(fn);

/** Two lifts closer than this (ms) are a double tap; a single tap acts after it (web player gestures.ts). */
const DOUBLE_TAP_MS = 300;

/**
 * Show the controls when they are hidden, by one tap on the picture, and wait until they are up. Only hidden controls
 * are tapped, and only our tap shows them (a tap acts DOUBLE_TAP_MS after it): so a tap here never falls within the
 * double-tap window of another (which would play or pause instead). Shown controls are left alone; while playing they
 * hide by themselves a few seconds after the last touch (gestures.ts CONTROLS_HIDE_MS), see {@link tapControl}.
 */
async function showControls(page: Page) {
  const titleBar = page.getByTestId('player-title-bar');
  if (await titleBar.isVisible()) return;
  await tapAt(page, page.getByTestId('player-gestures'), 0.75, 0.45);
  await expect(titleBar).toBeVisible();
}

/**
 * Tap a control of the overlay at (fx, fy) of its box, showing the controls first. While playing, the controls can
 * hide between showing them and the tap: Playwright's tap then waits for the control to be visible again and lets no
 * touch reach the picture under it, so the controls are shown again and the tap retried.
 */
async function tapControl(page: Page, testId: string, fx = 0.5, fy = 0.5) {
  const control = page.getByTestId(testId);
  await expect(async () => {
    await showControls(page);
    const b = await box(control);
    await control.tap({ position: { x: b.width * fx, y: b.height * fy }, timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Pause through the bottom bar's button (as {@link tapControl}); the controls stay up (paused). */
async function pause(page: Page) {
  await expect(async () => {
    if (await prop(page, (v) => v.paused)) return;
    await showControls(page);
    await page.getByTestId('player-play').tap({ timeout: 2_000 });
    await expect.poll(() => prop(page, (v) => v.paused), { timeout: 2_000 }).toBe(true);
  }).toPass({ timeout: 30_000 });
  await showControls(page);
}

async function openTitle(page: Page, name: string, query = '') {
  const id = await vodIdByName(page, name);
  await page.goto(`/#/pages/detail/mov-detail?id=${id}${query}`);
  return id;
}

test('every overlay control works by tap and swipe on a phone', async ({ page }) => {
  test.setTimeout(180_000); // one long walk through every control
  // The page's own clock, installed before the page loads (time flows as usual until a step stops it).
  await page.clock.install();
  await openTitle(page, '城南旧案');
  await expectVideoAdvances(page, 1);
  const player = page.getByTestId('player');
  const gestures = page.getByTestId('player-gestures');
  const cdp = await page.context().newCDPSession(page);

  // Defaults of spec §3: volume 20, speed 1, contain; the native controls are off (our overlay instead).
  expect(await prop(page, (v) => [v.volume, v.playbackRate, getComputedStyle(v).objectFit, v.controls])).toEqual([
    0.2,
    1,
    'contain',
    false,
  ]);

  // Controls hide by themselves while playing; the mini progress bar shows instead. A tap brings them back.
  await expect(page.getByTestId('player-title-bar')).toBeHidden({ timeout: 10_000 });
  await expect(page.getByTestId('player-mini-progress')).toBeVisible();
  await tapAt(page, gestures, 0.5, 0.3);
  await expect(page.getByTestId('player-title-bar')).toBeVisible();
  await expect(page.getByTestId('player-bottom-bar')).toBeVisible();
  await expect(page.getByTestId('player-mini-progress')).toBeHidden();

  // Double tap: pause, double tap again: play.
  // (Off the centre button, between the bars.)
  const g = await box(gestures);
  await withClockStopped(page, () => doubleTap(cdp, g.x + g.width * 0.75, g.y + g.height * 0.45));
  await expect.poll(() => prop(page, (v) => v.paused)).toBe(true);
  await withClockStopped(page, () => doubleTap(cdp, g.x + g.width * 0.75, g.y + g.height * 0.45));
  await expect.poll(() => prop(page, (v) => v.paused)).toBe(false);

  // Bottom bar play/pause and the centre button.
  await pause(page);
  await page.getByTestId('player-centre').tap();
  await expect.poll(() => prop(page, (v) => v.paused)).toBe(false);
  await pause(page);

  // Horizontal swipe seeks, with the time tooltip while moving.
  await prop(page, (v) => {
    v.currentTime = 1;
  });
  await expect.poll(() => prop(page, (v) => !v.seeking && Math.abs(v.currentTime - 1) < 0.3)).toBe(true);
  const duration = await prop(page, (v) => v.duration);
  expect(duration).toBeGreaterThan(5);
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [{ x: g.x + g.width * 0.2, y: g.y + g.height * 0.5, id: 1 }],
  });
  for (let i = 1; i <= 6; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: g.x + g.width * (0.2 + 0.1 * i), y: g.y + g.height * 0.5, id: 1 }],
    });
  }
  await expect(page.getByTestId('player-popup-seek')).toContainText('/');
  // The finger rests, then lifts (no fling).
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchMove',
    touchPoints: [{ x: g.x + g.width * 0.8, y: g.y + g.height * 0.5, id: 1 }],
  });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  // 60 % of the width = 60 % of the (short) duration.
  await expect.poll(() => prop(page, (v) => v.currentTime)).toBeGreaterThan(1 + duration * 0.6 - 0.6);
  expect(await prop(page, (v) => v.currentTime)).toBeLessThan(1 + duration * 0.6 + 0.6);

  // With the controls hidden (a tap), the whole picture takes swipes.
  await tapAt(page, gestures, 0.75, 0.45);
  await expect(page.getByTestId('player-title-bar')).toBeHidden();
  // Vertical swipe up on the right half: volume 20 → 70 (half the height), with the percent pop-up.
  await swipe(cdp, g.x + g.width * 0.8, g.y + g.height * 0.8, g.x + g.width * 0.8, g.y + g.height * 0.3);
  await expect(page.getByTestId('player-popup-volume')).toContainText('70%');
  await expect.poll(() => prop(page, (v) => v.volume)).toBeCloseTo(0.7, 2);
  // ... on the left half: brightness. Down darkens (the black mask), from 20 towards 0.
  await swipe(cdp, g.x + g.width * 0.2, g.y + g.height * 0.3, g.x + g.width * 0.2, g.y + g.height * 0.5);
  await expect(page.getByTestId('player-popup-brightness')).toContainText('0%');
  const mask = page.getByTestId('player-brightness-mask');
  await expect.poll(() => mask.evaluate((m) => Number(getComputedStyle(m).opacity))).toBeGreaterThan(0.5);
  await swipe(cdp, g.x + g.width * 0.2, g.y + g.height * 0.6, g.x + g.width * 0.2, g.y + g.height * 0.4);
  await expect(page.getByTestId('player-popup-brightness')).toContainText('20%');
  await expect.poll(() => mask.evaluate((m) => Number(getComputedStyle(m).opacity))).toBe(0);

  // Seek bar: a tap at a quarter of its width.
  await showControls(page);
  const seek = page.getByTestId('player-seek');
  await tapAt(page, seek, 0.25, 0.5);
  await expect.poll(() => prop(page, (v) => Math.abs(v.currentTime - v.duration * 0.25))).toBeLessThan(0.6);
  // ... and a drag to three quarters.
  const s = await box(seek);
  await swipe(cdp, s.x + s.width * 0.25, s.y + s.height / 2, s.x + s.width * 0.75, s.y + s.height / 2);
  await expect.poll(() => prop(page, (v) => Math.abs(v.currentTime - v.duration * 0.75))).toBeLessThan(0.6);
  await expect(page.getByTestId('player-time')).not.toHaveText('0:00');

  // 'More': speed, picture ratio, screenshot, clock.
  await showControls(page);
  await page.getByTestId('player-more').tap();
  await expect(page.getByTestId('player-more-panel')).toBeVisible();
  await page.getByTestId('player-speed-1.5').tap();
  await expect.poll(() => prop(page, (v) => v.playbackRate)).toBe(1.5);
  await expect(page.getByTestId('player-alert')).toContainText('1.5');
  await page.getByTestId('player-ratio-cover').tap();
  await expect.poll(() => prop(page, (v) => getComputedStyle(v).objectFit)).toBe('cover');
  await page.getByTestId('player-ratio-fill').tap();
  await expect.poll(() => prop(page, (v) => getComputedStyle(v).objectFit)).toBe('fill');
  await expect(page.getByTestId('player-clock')).toBeVisible();
  await page.getByTestId('player-clock-toggle').tap();
  await expect(page.getByTestId('player-clock-toggle')).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('player-clock-toggle').tap();
  const download = page.waitForEvent('download');
  await page.getByTestId('player-screenshot').tap();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.png$/);
  const path = await file.path();
  const fs = await import('node:fs');
  const png = fs.readFileSync(path);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(png.length).toBeGreaterThan(1000);
  await expect(page.getByTestId('player-more-panel')).toBeHidden();
  await showControls(page);
  await expect(page.getByTestId('player-clock')).toHaveText(/\d{1,2}:\d{2}/);

  // Lock: only the lock stays, gestures do nothing.
  await page.getByTestId('player-lock').tap();
  await expect(player).toHaveAttribute('data-locked', 'true');
  await expect(page.getByTestId('player-title-bar')).toBeHidden();
  await expect(page.getByTestId('player-bottom-bar')).toBeHidden();
  await expect(page.getByTestId('player-lock')).toBeVisible();
  const pausedBefore = await prop(page, (v) => v.paused);
  // A tap acts when its single-tap window has passed without a second tap (a page timer): the clock runs on past that
  // window once the gestures are made, so nothing may happen after it either.
  await withClockStopped(page, async () => {
    await doubleTap(cdp, g.x + g.width * 0.5, g.y + g.height * 0.5);
    await swipe(cdp, g.x + g.width * 0.8, g.y + g.height * 0.8, g.x + g.width * 0.8, g.y + g.height * 0.2);
    await page.clock.runFor(DOUBLE_TAP_MS + 100);
  });
  expect(await prop(page, (v) => v.paused)).toBe(pausedBefore);
  expect(await prop(page, (v) => v.volume)).toBeCloseTo(0.7, 2);
  await expect(page.getByTestId('player-title-bar')).toBeHidden();
  await page.getByTestId('player-lock').tap();
  await expect(player).not.toHaveAttribute('data-locked', 'true');
  await expect(page.getByTestId('player-title-bar')).toBeVisible();

  // Episodes side panel: the current one highlighted; choosing another plays it.
  await page.getByTestId('player-episodes').tap();
  await expect(page.getByTestId('player-episode-panel')).toBeVisible();
  await expect(page.getByTestId('player-episode-1')).toHaveAttribute('aria-current', 'true');
  await page.getByTestId('player-episode-3').tap();
  await expect(page).toHaveURL(/nid=3/);
  await expect(page.getByTestId('player-episode-panel')).toBeHidden();
  await expectVideoAdvances(page, 1);
  // Next episode (from a paused player: the controls stay up however slow the machine is).
  await pause(page);
  await page.getByTestId('player-next').tap();
  await expect(page).toHaveURL(/nid=4/);
  await expectVideoAdvances(page, 1);
  // The speed and volume carry over to the next episode.
  expect(await prop(page, (v) => [v.playbackRate, v.volume])).toEqual([1.5, 0.7]);

  // Fullscreen: the player box fills the screen, controls and layers inside; again: back. (Paused, so a slow machine
  // does not play on into the following episodes meanwhile.)
  await pause(page);
  await showControls(page);
  await page.getByTestId('player-fullscreen').tap();
  await expect(player).not.toHaveAttribute('data-fullscreen', 'none');
  const fs1 = await box(player);
  expect(fs1.width * fs1.height).toBeGreaterThan(390 * 844 * 0.95);
  await showControls(page);
  await expect(page.getByTestId('player-bottom-bar')).toBeVisible();
  await page.getByTestId('player-fullscreen').tap();
  await expect(player).toHaveAttribute('data-fullscreen', 'none');

  // The settings persist: a reload keeps speed, volume and ratio.
  await page.reload();
  await expectVideoAdvances(page, 1);
  expect(await prop(page, (v) => [v.playbackRate, v.volume, getComputedStyle(v).objectFit])).toEqual([
    1.5,
    0.7,
    'fill',
  ]);
});

test('CSS fullscreen where the element cannot go fullscreen: rotated to landscape, controls and swipes stay', async ({
  page,
}) => {
  await page.addInitScript(() => {
    // iPhone Safari: no element Fullscreen API.
    Object.defineProperty(Element.prototype, 'requestFullscreen', { value: undefined, configurable: true });
  });
  await openTitle(page, '城南旧案');
  await expectVideoAdvances(page, 1);
  const player = page.getByTestId('player');
  await tapControl(page, 'player-fullscreen');
  await expect(player).toHaveAttribute('data-fullscreen', 'css');
  await expect(player).toHaveAttribute('data-rotated', 'true');
  const b = await box(player);
  expect(Math.round(b.width)).toBe(390);
  expect(Math.round(b.height)).toBe(844);
  await page.screenshot({ path: '/tmp/h1-css-fullscreen.png' });
  // A swipe along the picture's horizontal axis (down the portrait screen) seeks forward.
  await pause(page);
  await prop(page, (v) => {
    v.currentTime = 1;
  });
  await expect.poll(() => prop(page, (v) => !v.seeking && Math.abs(v.currentTime - 1) < 0.3)).toBe(true);
  const cdp = await page.context().newCDPSession(page);
  await swipe(cdp, b.x + b.width * 0.5, b.y + b.height * 0.2, b.x + b.width * 0.5, b.y + b.height * 0.6);
  await expect.poll(() => prop(page, (v) => v.currentTime)).toBeGreaterThan(3);
  await showControls(page);
  await page.getByTestId('player-fullscreen').tap();
  await expect(player).toHaveAttribute('data-fullscreen', 'none');
});

test('reopening a title resumes at the saved second', async ({ page }) => {
  const id = await openTitle(page, '第七封情书');
  await expectVideoAdvances(page, 1);
  await expect.poll(() => prop(page, (v) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(4);
  await pause(page);
  const saved = await prop(page, (v) => v.currentTime);
  // Leave the page (the record is saved on leave), then come back to the title without sid/nid.
  await page.goto('/#/');
  await expect(page.locator('[data-testid^="vod-card-"]').first()).toBeVisible();
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem('openvod-watch-record') ?? '{}'));
  // One list per user_id (0 until the device's automatic guest has signed in): the newest entry of the title.
  const entries = (Object.values(record.state.byUser) as Record<string, number>[][])
    .flat()
    .filter((r) => r.vod_id === id)
    .sort((a, b) => (b.time ?? 0) - (a.time ?? 0));
  const entry = entries[0] as Record<string, number> & { cdur: number; dur: number };
  expect(entry).toMatchObject({ vod_id: id, vod_name: '第七封情书', play: '正片', sid: 1, nid: 1, active: 0 });
  expect(Math.abs(entry.cdur - saved)).toBeLessThanOrEqual(1);
  expect(entry.dur).toBeGreaterThan(entry.cdur);
  await page.goto(`/#/pages/detail/mov-detail?id=${id}`);
  await expect
    .poll(() => prop(page, (v) => (v.readyState >= 2 ? v.currentTime : -1)), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(Math.round(saved) - 1);
  // Resumed, not played through from 0: at most a couple of seconds past the saved point.
  expect(await prop(page, (v) => v.currentTime)).toBeLessThan(saved + 3);
});

test('the next episode starts by itself at the end', async ({ page }) => {
  await openTitle(page, '长安夜行录', '&sid=1&nid=2');
  await expectVideoAdvances(page, 1);
  await tapControl(page, 'player-seek', 0.9, 0.5);
  await expect(page).toHaveURL(/nid=3/, { timeout: 20_000 });
  await expectVideoAdvances(page, 1);
  await expect(page.getByTestId('episode-1-3')).toHaveAttribute('aria-current', 'true');
});

test('a failing source switches to the next line; "Play failed" only when all have failed', async ({ page }) => {
  const id = await vodIdByName(page, '零度边界');
  const detail = await playableDetail(page.request, id);
  const urls = (detail.info.sources as { episodes: { url: string }[] }[]).map(
    (s) => new URL(s.episodes[0]!.url, 'http://x').pathname,
  );
  expect(urls).toHaveLength(2);
  await page.route(
    (u) => u.pathname === urls[0],
    (route) => route.fulfill({ status: 404, body: 'gone' }),
  );
  await page.goto(`/#/pages/detail/mov-detail?id=${id}`);
  await expect(page).toHaveURL(/sid=2/);
  await expect(page.getByTestId('player-alert')).toBeVisible();
  await expectVideoAdvances(page, 1);
  await expect(page.getByTestId('player-error')).toBeHidden();

  await page.route(
    (u) => u.pathname === urls[1],
    (route) => route.fulfill({ status: 404, body: 'gone' }),
  );
  await page.goto('/#/');
  await page.goto(`/#/pages/detail/mov-detail?id=${id}&sid=1&nid=1`);
  await expect(page.getByTestId('player-error')).toContainText(/Play failed|播放失败/);
});

test('on mobile data nothing loads until the viewer taps play', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: { type: 'cellular', effectiveType: '4g', addEventListener() {}, removeEventListener() {} },
    });
  });
  const playlists: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('.m3u8')) playlists.push(r.url());
  });
  await openTitle(page, '第七封情书');
  const notice = page.getByTestId('player-cellular');
  await expect(notice).toBeVisible();
  // Give the page every chance to start the stream early: it must not.
  await expect(page.getByTestId('now-playing')).toBeVisible();
  expect(playlists).toEqual([]);
  expect(await prop(page, (v) => v.networkState === v.NETWORK_EMPTY && v.paused)).toBe(true);
  await page.screenshot({ path: '/tmp/h1-cellular.png' });
  await page.getByTestId('player-cellular-play').tap();
  await expect(notice).toBeHidden();
  await expectVideoAdvances(page, 1);
  expect(playlists.length).toBeGreaterThan(0);
});

test('the overlay on a 390×844 phone: dark, 44 px touch targets', async ({ page }) => {
  await openTitle(page, '城南旧案');
  await expectVideoAdvances(page, 1);
  await pause(page);
  await page.screenshot({ path: '/tmp/h1-overlay.png' });
  for (const id of ['player-back', 'player-more', 'player-lock', 'player-play', 'player-next', 'player-episodes']) {
    const b = await box(page.getByTestId(id));
    expect(Math.min(b.width, b.height), id).toBeGreaterThanOrEqual(44);
  }
  const f = await box(page.getByTestId('player-fullscreen'));
  expect(Math.min(f.width, f.height)).toBeGreaterThanOrEqual(44);
  await page.getByTestId('player-more').tap();
  await expect(page.getByTestId('player-more-panel')).toBeVisible();
  await page.screenshot({ path: '/tmp/h1-more.png' });
  await tapAt(page, page.getByTestId('player'), 0.3, 0.5);
  await expect(page.getByTestId('player-more-panel')).toBeHidden();
  // The tap on the picture also acts as a tap once its double-tap window has passed: the controls hide.
  await expect(page.getByTestId('player-title-bar')).toBeHidden();
  await showControls(page);
  await page.getByTestId('player-episodes').tap();
  await page.screenshot({ path: '/tmp/h1-episodes.png' });
});

test("'more' is a bottom sheet in portrait and a side panel in landscape fullscreen, every choice within reach", async ({
  page,
}) => {
  await openTitle(page, '城南旧案');
  await expectVideoAdvances(page, 1);
  await pause(page);
  const ids = [
    'player-ratio-contain',
    'player-ratio-fill',
    'player-ratio-cover',
    ...['0.8', '1', '1.25', '1.5', '2'].map((s) => `player-speed-${s}`),
    'player-screenshot',
    'player-clock-toggle',
  ];
  /** Every choice is inside `area`, at least 44 px in both directions, and not covered by anything else. */
  const inReach = async (area: Box) => {
    for (const id of ids) {
      const b = await box(page.getByTestId(id));
      expect(Math.min(b.width, b.height), id).toBeGreaterThanOrEqual(44);
      expect(b.x, id).toBeGreaterThanOrEqual(area.x - 0.5);
      expect(b.y, id).toBeGreaterThanOrEqual(area.y - 0.5);
      expect(b.x + b.width, id).toBeLessThanOrEqual(area.x + area.width + 0.5);
      expect(b.y + b.height, id).toBeLessThanOrEqual(area.y + area.height + 0.5);
      const onTop = await page.evaluate(
        ([x, y, testId]) =>
          document.elementFromPoint(x as number, y as number)?.closest(`[data-testid="${testId}"]`) !== null,
        [b.x + b.width / 2, b.y + b.height / 2, id] as const,
      );
      expect(onTop, id).toBe(true);
    }
  };

  // Portrait: the player is 219 px tall; 'more' opens as a sheet over the lower part of the page.
  await showControls(page);
  await page.getByTestId('player-more').tap();
  const panel = page.getByTestId('player-more-panel');
  await expect(panel).toHaveAttribute('data-layout', 'sheet');
  // Slid in (its entry animation has finished).
  await expect.poll(() => panel.evaluate((el) => el.getAnimations().length)).toBe(0);
  await page.screenshot({ path: '/tmp/h6-more-portrait.png' });
  await inReach({ x: 0, y: 0, width: 390, height: 844 });
  const sheet = await box(panel);
  const player = await box(page.getByTestId('player'));
  expect(sheet.y).toBeGreaterThanOrEqual(player.y + player.height - 1);
  await page.getByTestId('player-speed-1.25').tap();
  await expect.poll(() => prop(page, (v) => v.playbackRate)).toBe(1.25);
  // A tap outside the sheet (on the player) closes it.
  await page.touchscreen.tap(195, 100);
  await expect(panel).toBeHidden();
  // That tap on the picture also acts as a tap once its double-tap window has passed: the controls hide.
  await expect(page.getByTestId('player-title-bar')).toBeHidden();

  // Landscape, fullscreen: a side panel inside the player, the five speeds on one row.
  await page.setViewportSize({ width: 844, height: 390 });
  await showControls(page);
  await page.getByTestId('player-fullscreen').tap();
  await expect(page.getByTestId('player')).not.toHaveAttribute('data-fullscreen', 'none');
  await showControls(page);
  await page.getByTestId('player-more').tap();
  await expect(panel).toHaveAttribute('data-layout', 'side');
  await page.screenshot({ path: '/tmp/h6-more-landscape.png' });
  await inReach(await box(page.getByTestId('player')));
  const speedRow = await Promise.all(['0.8', '2'].map((s) => box(page.getByTestId(`player-speed-${s}`))));
  expect(Math.abs((speedRow[0]?.y ?? 0) - (speedRow[1]?.y ?? 1))).toBeLessThan(1);
  await page.getByTestId('player-ratio-cover').tap();
  await expect.poll(() => prop(page, (v) => getComputedStyle(v).objectFit)).toBe('cover');
  // Esc (a keyboard) closes it.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

/** Whether the element at the centre of `b` is (inside) the element with `testId`: nothing covers it. */
async function onTop(page: Page, b: Box, testId: string) {
  return page.evaluate(
    ([x, y, id]) => document.elementFromPoint(x as number, y as number)?.closest(`[data-testid="${id}"]`) !== null,
    [b.x + b.width / 2, b.y + b.height / 2, testId] as const,
  );
}

test('the episodes open as a bottom sheet in portrait: below the player, opaque, every episode reachable', async ({
  page,
}) => {
  await openTitle(page, '长安夜行录', '&sid=1&nid=1');
  await expectVideoAdvances(page, 1);
  await pause(page);
  await showControls(page);
  await page.getByTestId('player-episodes').tap();
  const panel = page.getByTestId('player-episode-panel');
  await expect(panel).toHaveAttribute('data-layout', 'sheet');
  await expect.poll(() => panel.evaluate((el) => el.getAnimations().length)).toBe(0);
  await page.screenshot({ path: '/tmp/player-episode-sheet.png' });

  // Over nothing of the player: its title bar and controls stay in view and on top.
  const player = await box(page.getByTestId('player'));
  const sheet = await box(panel);
  expect(sheet.y).toBeGreaterThanOrEqual(player.y + player.height - 1);
  expect(sheet.y + sheet.height).toBeLessThanOrEqual(844 + 0.5);
  for (const id of ['player-back', 'player-more', 'player-play', 'player-episodes']) {
    expect(await onTop(page, await box(page.getByTestId(id)), id), id).toBe(true);
  }
  // Opaque: nothing shows through it.
  const background = await panel.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).toMatch(/^rgb\(/);

  // All 12 episodes reachable: each scrolled into view lies inside the sheet and takes the tap.
  for (let n = 1; n <= 12; n++) {
    const chip = page.getByTestId(`player-episode-${n}`);
    await chip.scrollIntoViewIfNeeded();
    const b = await box(chip);
    const area = await box(panel);
    expect(Math.min(b.width, b.height), `episode ${n}`).toBeGreaterThanOrEqual(44);
    expect(b.y, `episode ${n}`).toBeGreaterThanOrEqual(area.y - 0.5);
    expect(b.y + b.height, `episode ${n}`).toBeLessThanOrEqual(area.y + area.height + 0.5);
    expect(await onTop(page, b, `player-episode-${n}`), `episode ${n}`).toBe(true);
  }
  await page.getByTestId('player-episode-12').tap();
  await expect(page).toHaveURL(/nid=12/);
  await expect(panel).toBeHidden();
  await expectVideoAdvances(page, 1);
});

test("a master playlist's renditions are offered in 'more': auto and each height, and choosing one switches", async ({
  page,
}) => {
  await openTitle(page, '星海拾光', '&sid=1&nid=1');
  await expectVideoAdvances(page, 1);
  await pause(page);
  await showControls(page);
  await page.getByTestId('player-more').tap();
  const panel = page.getByTestId('player-more-panel');
  await expect(panel).toHaveAttribute('data-layout', 'sheet');
  const choices = panel.locator('[data-testid^="player-quality-"]');
  await expect(choices).toHaveCount(3);
  expect(await choices.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual([
    'player-quality-auto',
    'player-quality-720p',
    'player-quality-360p',
  ]);
  await expect(page.getByTestId('player-quality-auto')).toHaveAttribute('aria-checked', 'true');
  await expect.poll(() => panel.evaluate((el) => el.getAnimations().length)).toBe(0);
  await page.screenshot({ path: '/tmp/player-more-quality.png' });

  // 360p: hls.js switches now; the picture the element decodes becomes 640×360.
  await page.getByTestId('player-quality-360p').tap();
  await expect(page.getByTestId('player-quality-360p')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('player-more-close').tap();
  // From the start again (the 12 s clip may have ended meanwhile on a slow machine): new frames come at 360p.
  const replay = () =>
    prop(page, (v) => {
      v.currentTime = 0;
      void v.play();
    });
  await replay();
  await expect.poll(() => prop(page, (v) => v.videoHeight), { timeout: 30_000 }).toBe(360);
  // 720p.
  await pause(page);
  await page.getByTestId('player-more').tap();
  await page.getByTestId('player-quality-720p').tap();
  await page.getByTestId('player-more-close').tap();
  await replay();
  await expect.poll(() => prop(page, (v) => v.videoHeight), { timeout: 30_000 }).toBe(720);
});

test('keyboard shortcuts on desktop: space plays and pauses, arrows seek and change the volume', async ({ page }) => {
  await openTitle(page, '城南旧案');
  await expectVideoAdvances(page, 1);
  await page.keyboard.press('Space');
  await expect.poll(() => prop(page, (v) => v.paused)).toBe(true);
  await prop(page, (v) => {
    v.currentTime = 2;
  });
  await expect.poll(() => prop(page, (v) => !v.seeking && Math.abs(v.currentTime - 2) < 0.3)).toBe(true);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => prop(page, (v) => v.currentTime)).toBeGreaterThan(6.5);
  await expect(page.getByTestId('player-popup-seek')).toBeVisible();
  const volume = await prop(page, (v) => v.volume);
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => prop(page, (v) => v.volume)).toBeCloseTo(Math.min(1, volume + 0.1), 2);
  await page.keyboard.press('Space');
  await expect.poll(() => prop(page, (v) => v.paused)).toBe(false);
});
