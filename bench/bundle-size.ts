/**
 * Initial JavaScript of the viewer app's home route (issue 2 "Targets": under 200 KB gzipped): every script the
 * browser fetched to show the home page (collected from the page's resource timing by the caller), read from
 * apps/web/dist, gzipped (level 9) and summed. hls.js and the other routes' chunks are not fetched there.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export function jsGzipKb(distDir: string, urls: string[]): { kb: number; files: string[] } {
  let bytes = 0;
  const files: string[] = [];
  for (const url of urls) {
    const rel = new URL(url).pathname.replace(/^\//, '');
    const file = path.join(distDir, rel);
    if (!rel.endsWith('.js') || !fs.existsSync(file)) continue;
    bytes += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    files.push(rel);
  }
  if (files.length === 0) throw new Error('no viewer-app scripts among the loaded resources');
  return { kb: Math.round((bytes / 1024) * 10) / 10, files };
}
