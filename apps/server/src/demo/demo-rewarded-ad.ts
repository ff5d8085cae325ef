/**
 * The demo's rewarded video ad (issue 7 item 3), so a new demo install can try "watch an ad" on the blocked screen:
 * a 15 s silent H.264 MP4 made with ffmpeg from a lavfi test source (`DATA_DIR/media/ads/demo-rewarded.mp4`, no
 * download) and one `mac_ad` row with show type 1 (rewarded video), type 2 (video), `ad_duration` 15 and slot 0
 * (no page slot: rewarded ads are asked for by the rewards module, not drawn by adList). Seeded with the demo
 * content only while DEMO_ADS is on (the e2e server turns it off and makes its own ad).
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { macAd } from '../db/schema/index.ts';
import { findFfmpeg, runFfmpeg } from '../modules/media/index.ts';
import { DEMO_AD_URL } from './demo-ad.ts';

export const DEMO_REWARDED_FILE = 'ads/demo-rewarded.mp4';
export const DEMO_REWARDED_URL = `/media/${DEMO_REWARDED_FILE}`;
export const DEMO_REWARDED_SECONDS = 15;

/** Make the demo rewarded video unless it exists (cached in the media folder like the other demo media). */
export async function ensureDemoRewardedVideo(mediaDir: string): Promise<string> {
  const file = path.join(mediaDir, DEMO_REWARDED_FILE);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp.mp4`;
  await runFfmpeg(await findFfmpeg(), [
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=25:duration=${DEMO_REWARDED_SECONDS}`,
    '-c:v',
    'libx264',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-preset',
    'veryfast',
    '-b:v',
    '500k',
    '-movflags',
    '+faststart',
    '-an',
    tmp,
  ]);
  fs.renameSync(tmp, file);
  return file;
}

/** Insert the demo rewarded ad when no rewarded video ad exists. Pass `tx` inside a transaction. Idempotent. */
export async function seedDemoRewardedAd(db: Db): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(macAd)
    .where(and(eq(macAd.ad_show_type, 1), eq(macAd.ad_type, 2)));
  if (Number(row?.n ?? 0) > 0) return;
  await db.insert(macAd).values({
    ad_name: 'OpenVod rewarded ad (demo)',
    ad_local_type: 0,
    ad_type: 2,
    ad_show_type: 1,
    ad_video_url: DEMO_REWARDED_URL,
    ad_pic_url: DEMO_AD_URL,
    ad_width: 640,
    ad_height: 360,
    ad_closable: 1,
    ad_duration: DEMO_REWARDED_SECONDS,
  });
}
