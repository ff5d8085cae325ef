/**
 * `npm run openapi`: write the OpenAPI document of the server to openapi/openapi.json (committed; the test
 * openapi.test.ts fails when it is stale). `--check` exits 1 instead of writing when it differs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { openPglite } from '../db/client.ts';

export const OPENAPI_PATH = path.resolve(import.meta.dirname, '../../../../openapi/openapi.json');

/** The OpenAPI document as committed text (2-space JSON with a final newline). */
export async function renderOpenApi(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-openapi-'));
  const db = await openPglite(undefined);
  try {
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir }),
      db,
      webDist: '/nonexistent',
      adminDist: '/nonexistent',
    });
    await app.ready();
    const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
    await app.close();
    return text;
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = await renderOpenApi();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(OPENAPI_PATH) ? fs.readFileSync(OPENAPI_PATH, 'utf8') : '';
    if (current !== text) {
      process.stderr.write('openapi/openapi.json is stale: run npm run openapi\n');
      process.exit(1);
    }
  } else {
    fs.mkdirSync(path.dirname(OPENAPI_PATH), { recursive: true });
    fs.writeFileSync(OPENAPI_PATH, text);
    process.stdout.write(`wrote ${OPENAPI_PATH}\n`);
  }
}
