import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DATA_DIR } from '../playwright.config';

/** Sources of a title's detail as the API gives them. */
export interface PlayableDetail {
  info: { vod_id: number; play_locked: number; sources: { sid: number; episodes: { nid: number; url: string }[] }[] };
}

/**
 * Title `id`'s detail with its play addresses. getDetail withholds them until the caller has taken a view of the
 * title (issue 7 item 2, `play_locked`), so a fresh member is registered through the public API and writes the watch
 * entry the title page writes before playing (ajaxUlog `ac=set` type 4, which takes one of its free views).
 */
export async function playableDetail(request: APIRequestContext, id: number): Promise<PlayableDetail> {
  const name = `pd${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const reg = await request.post('/api/user/reg', {
    data: { user_name: name, user_pwd: 'viewer123', user_pwd2: 'viewer123' },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const { token } = (await reg.json()) as { token: string };
  const headers = { authorcode: token };
  const take = await request.get(`/api/user/ulog?ac=set&mid=1&type=4&id=${id}&sid=1&nid=1`, { headers });
  expect(take.ok(), await take.text()).toBe(true);
  const detail = (await (await request.get(`/api/vod/${id}`, { headers })).json()) as PlayableDetail;
  expect(detail.info.play_locked).toBe(0);
  return detail;
}

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

/** A member registered through the public API (password `secret123`). */
export interface Member {
  name: string;
  id: number;
}

/** Register a member named `<prefix><random>` through the API, with a device id of its own. */
export async function registerMember(request: APIRequestContext, prefix: string): Promise<Member> {
  const name = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const reg = await request.post('/api/user/reg', {
    headers: { deviceid: `e2e-${name}` },
    data: { user_name: name, user_pwd: 'secret123', user_pwd2: 'secret123' },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  return { name, id: ((await reg.json()) as { info: { user_id: number } }).info.user_id };
}

/** Sign `member` in on `page` with the password form from the Me page; resolves once the Me page shows them. */
export async function logInWithPassword(page: Page, member: Member): Promise<void> {
  await page.goto('/#/pages/me/index');
  await page.getByTestId('me-login').click();
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('login-username').fill(member.name);
  await page.getByTestId('login-password').fill('secret123');
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit-password').click();
  await expect(page).toHaveURL(/#\/pages\/me\/index/);
  await expect(page.getByTestId('me-profile')).toHaveAttribute('data-user-id', String(member.id));
}

/**
 * The operator's rewarded video ad (ad_show_type 1, slot 20): a `seconds` long VP8 WebM made by ffmpeg (Chromium
 * plays it natively) written at `<data>/media/<file>`, where the server serves /media. Returns its ad_id.
 */
export async function createRewardedVideoAd(
  request: APIRequestContext,
  admin: string,
  ad: { name: string; file: string; seconds: number },
): Promise<number> {
  const file = path.join(DATA_DIR, 'media', ad.file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=25:duration=${ad.seconds}`,
    '-c:v',
    'libvpx',
    '-b:v',
    '400k',
    file,
  ]);
  const res = await request.post('/api/admin/ads', {
    headers: { authorcode: admin },
    data: {
      ad_name: ad.name,
      ad_local_type: 20,
      ad_type: 2,
      ad_show_type: 1,
      ad_video_url: `/media/${ad.file}`,
      ad_duration: ad.seconds,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { info: { ad_id: number } }).info.ad_id;
}
