/** The demo's player ad: a real image made by sharp, one slot-12 ad, the slot switched on unless DEMO_ADS=0. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import {
  DEMO_AD_FILE,
  DEMO_AD_NAME,
  DEMO_AD_URL,
  demoAdSvg,
  demoAdsEnabled,
  ensureDemoAdImage,
  seedDemoAd,
} from './demo-ad.ts';

describe('demo ad', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('makes a 1280x720 JPEG once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-ad-'));
    try {
      const file = await ensureDemoAdImage(dir);
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
      const mtime = fs.statSync(file).mtimeMs;
      await ensureDemoAdImage(dir);
      expect(fs.statSync(file).mtimeMs).toBe(mtime);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('draws a still, no play mark (no triangle), and replaces a picture an older version cached', async () => {
    const triangles = [...demoAdSvg().matchAll(/<polygon points="([^"]*)"/g)].filter(
      (m) => (m[1] ?? '').trim().split(/\s+/).length === 3,
    );
    expect(triangles).toEqual([]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-ad-'));
    try {
      const file = path.join(dir, DEMO_AD_FILE);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'an older picture');
      await ensureDemoAdImage(dir);
      expect(await sharp(file).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads DEMO_ADS', () => {
    expect(demoAdsEnabled({})).toBe(true);
    expect(demoAdsEnabled({ DEMO_ADS: '0' })).toBe(false);
    expect(() => demoAdsEnabled({ DEMO_ADS: 'maybe' })).toThrow(/DEMO_ADS/);
  });

  it('seeds the ad switched off, then on, once, and adList serves it', async () => {
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/ads?ad_local_type=12' })).json().list as Array<{
        ad_name: string;
        ad_pic_url: string;
      }>;
    await seedDemoAd(t.db.db, { switchOn: false });
    t.app.services.appConfig.invalidate();
    expect(await list()).toEqual([]);
    await seedDemoAd(t.db.db, { switchOn: true });
    await seedDemoAd(t.db.db, { switchOn: true });
    t.app.services.appConfig.invalidate();
    const ads = await list();
    expect(ads).toHaveLength(1);
    expect(ads[0]).toMatchObject({ ad_name: DEMO_AD_NAME, ad_pic_url: DEMO_AD_URL });
    // An operator who switched ads off keeps them off.
    const headers = await t.adminHeaders();
    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/app-config',
      headers,
      payload: { ads: { list: [], showGoogle: false, showVipAd: false } },
    });
    await seedDemoAd(t.db.db, { switchOn: true });
    t.app.services.appConfig.invalidate();
    expect(await list()).toEqual([]);
  });
});
