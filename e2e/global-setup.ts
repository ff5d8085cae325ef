/**
 * Runs once after the e2e server is up (Playwright starts `webServer` before global setup): raises the operator's
 * cap of registrations per IP per day (`reg_ip_daily_limit`, default 10) through the console API, as an operator
 * would. Every spec opens fresh devices from 127.0.0.1, and each fresh device auto-registers a guest (spec §4), so
 * the whole suite registers more guests than the default cap allows. The cap itself is tested in the server's
 * integration tests (accounts). First, the preflight (apps/server/src/test/preflight.ts) checks the system packages.
 */
import { request } from '@playwright/test';
import { preflight } from '../apps/server/src/test/preflight.ts';
import { ADMIN_PASSWORD, PORT } from './playwright.config';

export default async function globalSetup(): Promise<void> {
  // Stop before any spec with the missing system packages named (Chromium, ffmpeg, the DLNA renderer's packages).
  await preflight(undefined, process.env, { redis: Boolean(process.env.REDIS_URL) });
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
  try {
    const login = await api.post('/api/admin/login', { data: { admin_name: 'admin', admin_pwd: ADMIN_PASSWORD } });
    if (!login.ok()) throw new Error(`console sign-in failed: ${login.status()} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const res = await api.patch('/api/admin/app-config', {
      headers: { authorcode: token },
      data: { reg_ip_daily_limit: 1000 },
    });
    if (!res.ok()) throw new Error(`raising reg_ip_daily_limit failed: ${res.status()} ${await res.text()}`);
  } finally {
    await api.dispose();
  }
}
