/**
 * Initial JavaScript of the viewer app's home route (issue 2 "Targets": under 200 KB gzipped): the entry scripts
 * and module preloads that apps/web/dist/index.html loads before any route chunk, gzipped (level 9) and summed.
 * Route pages, hls.js and the console are lazy chunks and do not count.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export function initialJsGzipKb(distDir: string): { kb: number; files: string[] } {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const refs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) if (m[1]) refs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) if (m[1]) refs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+\.js)"[^>]+rel="modulepreload"/g)) if (m[1]) refs.add(m[1]);
  if (refs.size === 0) throw new Error(`no entry scripts found in ${distDir}/index.html`);
  let bytes = 0;
  const files: string[] = [];
  for (const ref of refs) {
    const file = path.join(distDir, ref.replace(/^\.?\//, ''));
    bytes += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    files.push(path.relative(distDir, file));
  }
  return { kb: Math.round((bytes / 1024) * 10) / 10, files };
}
