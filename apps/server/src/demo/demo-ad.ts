/**
 * The demo's player ad (issue 5 item 4): an image made with sharp (`DATA_DIR/media/ads/demo-preroll.jpg`, 1280 x 720)
 * and one slot-12 ad pointing at it, seeded with the demo content, so `npm start` shows the pre-roll and the pause
 * ad. With `DEMO_ADS` on (default) the slot's ad switch is turned on as well (the app config's `ads.list` = [12],
 * only while the operator has never set `ads`); `DEMO_ADS=0` seeds the ad but leaves the switch off (the e2e server
 * does so: specs that want ads turn the switch on through the console API).
 */

import fs from 'node:fs';
import path from 'node:path';
import { AD_SLOT } from '@openvod/contract';
import { count, eq } from 'drizzle-orm';
import { getSettings, setSetting } from '../core/settings.ts';
import type { Db } from '../db/client.ts';
import { macAd } from '../db/schema/index.ts';
import { loadSharp } from '../lib/sharp.ts';
import { APP_CONFIG_KEY } from '../modules/appconfig/appconfig.service.ts';

export const DEMO_AD_FILE = 'ads/demo-preroll.jpg';
export const DEMO_AD_URL = `/media/${DEMO_AD_FILE}`;
export const DEMO_AD_NAME = 'OpenVod VIP (demo)';

/** `DEMO_ADS`: 1 (default) or 0, as LIVE_DEMO. */
export function demoAdsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env.DEMO_ADS?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === '1' || raw === 'true' || raw === 'yes' || raw === 'on') return true;
  if (raw === '0' || raw === 'false' || raw === 'no' || raw === 'off') return false;
  throw new Error(`DEMO_ADS must be 1 or 0 (true/false, yes/no), got "${env.DEMO_ADS}"`);
}

/**
 * The demo ad's picture (1280×720 SVG): a still (a VIP crown over shapes), with no play mark, since it is an image ad
 * and must not look like a video, and no words (the app is shown in nine languages; the ad's name is the console's,
 * DEMO_AD_NAME).
 */
export function demoAdSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0f766e"/><stop offset="1" stop-color="#1e1b4b"/></linearGradient>
      <linearGradient id="c" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
    <rect width="1280" height="720" fill="url(#g)"/>
    <circle cx="1040" cy="160" r="220" fill="#14b8a6" opacity="0.25"/>
    <circle cx="200" cy="620" r="260" fill="#f59e0b" opacity="0.18"/>
    <polygon points="470,450 440,250 550,340 640,210 730,340 840,250 810,450" fill="url(#c)"/>
    <rect x="470" y="470" width="340" height="44" rx="14" fill="url(#c)"/>
    <circle cx="440" cy="250" r="18" fill="#fde68a"/>
    <circle cx="640" cy="210" r="20" fill="#fde68a"/>
    <circle cx="840" cy="250" r="18" fill="#fde68a"/>
  </svg>`;
}

/**
 * Make the demo ad image unless it exists (cached in the media folder like the other demo media). The SVG it was
 * made from is kept beside it (`.svg`), so a data folder made by an older version gets the current picture.
 */
export async function ensureDemoAdImage(mediaDir: string): Promise<string> {
  const file = path.join(mediaDir, DEMO_AD_FILE);
  const svg = demoAdSvg();
  const source = file.replace(/\.jpg$/, '.svg');
  const current = fs.existsSync(file) && fs.existsSync(source) && fs.readFileSync(source, 'utf8') === svg;
  if (current) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  await (await loadSharp())(Buffer.from(svg)).jpeg({ quality: 80 }).toFile(tmp);
  fs.renameSync(tmp, file);
  fs.writeFileSync(source, svg);
  return file;
}

/**
 * Seed the demo ad into slot 12 when the slot has none, and (with `switchOn`) turn the slot's switch on while the
 * operator has never set the app config's `ads`. Pass `tx` inside a transaction. Idempotent.
 */
export async function seedDemoAd(db: Db, opts: { switchOn: boolean }): Promise<void> {
  const [row] = await db.select({ n: count() }).from(macAd).where(eq(macAd.ad_local_type, AD_SLOT.player));
  if (Number(row?.n ?? 0) === 0) {
    await db.insert(macAd).values({
      ad_name: DEMO_AD_NAME,
      ad_local_type: AD_SLOT.player,
      ad_type: 1,
      ad_show_type: 2,
      ad_pic_url: DEMO_AD_URL,
      ad_url: '',
      ad_width: 1280,
      ad_height: 720,
      ad_closable: 1,
      ad_duration: 10,
    });
  }
  if (!opts.switchOn) return;
  const stored = (await getSettings(db, [APP_CONFIG_KEY]))[APP_CONFIG_KEY];
  const config = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  if (config.ads !== undefined) return; // the operator's choice stands
  await setSetting(db, APP_CONFIG_KEY, {
    ...config,
    ads: { list: [AD_SLOT.player], showGoogle: false, showVipAd: false },
  });
}
