import { expect, type Page } from '@playwright/test';

/** vod_id of a title found by exact name through the public API. */
export async function vodIdByName(page: Page, name: string): Promise<number> {
  const res = await page.request.get(`/api/vod?wd=${encodeURIComponent(name)}&limit=10`);
  const body = (await res.json()) as { list: { vod_id: number; vod_name: string }[] };
  const hit = body.list.find((v) => v.vod_name === name);
  if (!hit) throw new Error(`title ${name} not found`);
  return hit.vod_id;
}

/** Wait until the title page's video has played at least `seconds` of media past the moment it started. */
export async function expectVideoAdvances(page: Page, seconds = 2) {
  const video = page.getByTestId('player-video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && !v.paused && v.currentTime > 0), {
      timeout: 30_000,
    })
    .toBe(true);
  const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(start + seconds);
  const error = await video.evaluate((v: HTMLVideoElement) => v.error?.message ?? null);
  expect(error).toBeNull();
}
