/**
 * Shared steps of the accounts e2e specs: the device whose guest they reuse, and SMS codes read from the console SMS
 * provider's outbox (`DATA_DIR/sms-outbox.jsonl`, one JSON line `{phone, code, at}` per code sent).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { DATA_DIR as SERVER_DATA_DIR } from '../playwright.config';

// The server resolves its DATA_DIR from INIT_CWD, which playwright.config.ts sets to the folder the run was started
// in (the worker's cwd): the repository's root (`npx playwright test -c e2e`) as well as e2e/ (`npm run e2e`).
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.resolve(process.cwd(), SERVER_DATA_DIR);
const OUTBOX = path.join(DATA_DIR, 'sms-outbox.jsonl');

/** The known device of the accounts specs: they share its guest (registrations per IP per day are capped). */
export const DEVICE_ID = 'e2e00000000000000000000000000001';

/** The newest code the console SMS provider wrote for `phone` after `since` (ms epoch); polls up to 15 s. */
export async function codeFor(phone: string, since: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const lines = fs.existsSync(OUTBOX) ? fs.readFileSync(OUTBOX, 'utf8').trim().split('\n') : [];
        for (const line of lines.reverse()) {
          const entry = JSON.parse(line) as { phone: string; code: string; at: string };
          if (entry.phone === phone && Date.parse(entry.at) >= since - 1000) {
            code = entry.code;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return code;
}
