/** Shared steps of the media-feed e2e specs (wallpapers, small videos, playlets, live TV; issue 4 item 3). */
import { expect, type Locator, type Page } from '@playwright/test';
import { PORT } from '../playwright.config';

/** Screenshots of the screens, for looking at them (not compared). */
export const MEDIA_SHOTS = `.tmp/media-shots-${PORT}`;

export type SpecialKey = 'app_smallvideo_typeid' | 'app_gallery_typeid' | 'app_live_typeid' | 'app_playlet_typeid';

/** Privacy already agreed (no first-launch dialog) and the dark theme, stored before the app starts. */
export async function presetDevice(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem(
      'openvod-settings',
      JSON.stringify({ state: { permissionAgree: true, darkTheme: true, locale: null }, version: 1 }),
    );
  });
}

/** A special category id from getType (spec §3), asserted to be configured. */
export async function specialTypeId(page: Page, key: SpecialKey): Promise<number> {
  const types = (await (await page.request.get('/api/types')).json()) as { special: Record<string, number> };
  const id = types.special[key] ?? 0;
  expect(id, `${key} configured`).toBeGreaterThan(0);
  return id;
}

/**
 * The four media categories are configured (getType `special`) and open to guests (`permission` 1: the demo seed
 * gives the guest and member groups every top category), so getDetail hands out their play data.
 */
export async function expectMediaCategoriesOpen(page: Page): Promise<void> {
  const types = (await (await page.request.get('/api/types')).json()) as {
    list: { type_id: number; permission: number }[];
    special: Record<string, number>;
  };
  const keys: SpecialKey[] = ['app_smallvideo_typeid', 'app_gallery_typeid', 'app_live_typeid', 'app_playlet_typeid'];
  for (const key of keys) {
    const id = types.special[key] ?? 0;
    expect(id, `${key} configured`).toBeGreaterThan(0);
    expect(types.list.find((t) => t.type_id === id)?.permission, `${key} open to guests`).toBe(1);
  }
}

/** The titles of a category as `data` lists them (first page, newest first). */
export async function categoryTitles(page: Page, typeId: number, limit = 20) {
  const res = await page.request.get(`/api/vod?type_id=${typeId}&limit=${limit}&order=time`);
  return ((await res.json()) as { list: { vod_id: number; vod_name: string }[] }).list;
}

/** Wait until an image has loaded a real picture. */
export async function imageLoaded(img: Locator) {
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
}

/** Drag the mouse across the middle of the screen by (dx, dy): a swipe. */
export async function swipe(page: Page, dx: number, dy: number) {
  const { width, height } = page.viewportSize() ?? { width: 390, height: 844 };
  const x = width / 2 - dx / 2;
  const y = height / 2 - dy / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

/** Wait until `video` plays (not paused, frames decoded) and its time advances by `seconds`. */
export async function expectPlaying(video: Locator, seconds = 1.5) {
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && !v.paused && v.currentTime > 0), {
      timeout: 30_000,
    })
    .toBe(true);
  const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(start + seconds);
  expect(await video.evaluate((v: HTMLVideoElement) => v.error?.message ?? null)).toBeNull();
}
