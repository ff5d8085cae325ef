/** The demo rewarded ad: a real playable MP4 of the ad's length, seeded once, offered by rewardNonce. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macAd } from '../db/schema/index.ts';
import { makeUser } from '../modules/accounts/test-helpers.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import {
  DEMO_REWARDED_SECONDS,
  DEMO_REWARDED_URL,
  ensureDemoRewardedVideo,
  seedDemoRewardedAd,
} from './demo-rewarded-ad.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo rewarded ad', () => {
  it('makes a silent H.264 MP4 of the ad length once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ov-rewarded-'));
    try {
      const file = await ensureDemoRewardedVideo(dir);
      const probe = execFileSync(
        'ffprobe',
        ['-v', 'error', '-show_entries', 'stream=codec_name,codec_type:format=duration', '-of', 'json', file],
        { encoding: 'utf8' },
      );
      const info = JSON.parse(probe) as {
        streams: { codec_name: string; codec_type: string }[];
        format: { duration: string };
      };
      expect(info.streams).toEqual([{ codec_name: 'h264', codec_type: 'video' }]);
      expect(Math.round(Number(info.format.duration))).toBe(DEMO_REWARDED_SECONDS);
      const mtime = fs.statSync(file).mtimeMs;
      await ensureDemoRewardedVideo(dir);
      expect(fs.statSync(file).mtimeMs).toBe(mtime);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is seeded once and offered for a rewarded view', async () => {
    await seedDemoRewardedAd(t.db.db);
    await seedDemoRewardedAd(t.db.db);
    const rows = await t.db.db.select().from(macAd).where(eq(macAd.ad_show_type, 1));
    expect(rows).toHaveLength(1);
    const u = await makeUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rewards/nonce',
      headers: u.headers,
      payload: { purpose: 'view' },
    });
    expect(res.json().info.ad).toMatchObject({ ad_video_url: DEMO_REWARDED_URL, ad_duration: DEMO_REWARDED_SECONDS });
  });
});
