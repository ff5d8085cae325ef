/** Shared steps of the catalogue e2e specs (issue 4): opening the app with the privacy answer stored, console calls. */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';

export const SHOTS_DIR = `.tmp/catalogue-shots-${process.env.E2E_PORT ?? 18080}`;

/**
 * Store the device settings before the app starts: privacy already agreed (no first-launch dialog), the theme, and
 * optionally a language. Runs before every page load of the context.
 */
export async function presetDevice(page: Page, options: { dark?: boolean; locale?: string } = {}) {
  await page.addInitScript(
    ({ dark, locale }) => {
      localStorage.setItem(
        'openvod-settings',
        JSON.stringify({ state: { permissionAgree: true, darkTheme: dark, locale }, version: 1 }),
      );
    },
    { dark: options.dark ?? true, locale: options.locale ?? null },
  );
}

/** The stored session token of the signed-in (guest) user, once the launch has signed one in. */
export async function userToken(page: Page): Promise<string> {
  let token = '';
  await expect
    .poll(async () => {
      // A page that is navigating (a pay redirect, a reload) has no context to read from: read again on the next poll.
      token = await page
        .evaluate(
          () =>
            (JSON.parse(localStorage.getItem('openvod-user') ?? '{}') as { state?: { token?: string } }).state?.token ??
            '',
        )
        .catch((e: unknown) => {
          if (e instanceof Error && /context was destroyed|navigat/i.test(e.message)) return '';
          throw e;
        });
      return token.length > 0;
    })
    .toBe(true);
  return token;
}

/**
 * The console session of this run: adminLogin allows 10 calls a minute per address (modules/admin/admin.routes.ts),
 * and the console specs run back to back from one address, so the run signs in once and every spec reuses the
 * session (7 days). The sign-in form itself is still driven by {@link consoleSignIn}'s first call.
 */
let consoleSession: { token: string; admin_id: number; admin_name: string; time_zone?: string } | undefined;

/** Console session token (adminLogin with the e2e server's password), shared by the run. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  if (!consoleSession) {
    const res = await request.post('/api/admin/login', { data: { admin_name: 'admin', admin_pwd: ADMIN_PASSWORD } });
    expect(res.ok(), await res.text()).toBe(true);
    const body = (await res.json()) as {
      token: string;
      time_zone: string;
      info: { admin_id: number; admin_name: string };
    };
    consoleSession = { token: body.token, time_zone: body.time_zone, ...body.info };
  }
  return consoleSession.token;
}

/**
 * Open the console signed in: through the sign-in form the first time in a run, afterwards with the run's session
 * stored before the console starts (apps/admin/src/session.ts keeps it under `openvod.admin.session`).
 */
export async function consoleSignIn(page: Page): Promise<void> {
  if (consoleSession) {
    const { token, admin_id, admin_name, time_zone } = consoleSession;
    await page.addInitScript(
      (s) => localStorage.setItem('openvod.admin.session', s),
      JSON.stringify({ token, admin_id, admin_name, time_zone }),
    );
    await page.goto('/admin/');
    await expect(page.getByTestId('sign-out')).toBeVisible();
    return;
  }
  await page.goto('/admin/');
  await page.locator('input#admin_name, input[name="admin_name"]').first().fill('admin');
  await page.locator('input#admin_pwd, input[name="admin_pwd"], input[type="password"]').first().fill(ADMIN_PASSWORD);
  await page.locator('button[type="submit"]').first().click();
  await expect(page.getByTestId('sign-out')).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('openvod.admin.session'));
  consoleSession = JSON.parse(stored ?? 'null') ?? undefined;
}

/** The public detail of a title by exact name (through `data?wd=`). */
export async function titleByName(
  page: Page,
  name: string,
): Promise<{ vod_id: number; type_id: number; type_id_1: number }> {
  const res = await page.request.get(`/api/vod?wd=${encodeURIComponent(name)}&limit=20`);
  const body = (await res.json()) as {
    list: { vod_id: number; vod_name: string; type_id: number; type_id_1: number }[];
  };
  const hit = body.list.find((v) => v.vod_name === name);
  if (!hit) throw new Error(`title ${name} not found`);
  return hit;
}

/** Scroll the page down until the spec's end-of-list message shows (the list loads page after page). */
export async function scrollToEnd(page: Page) {
  const end = page.getByTestId('no-more');
  await page.mouse.move(195, 500);
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(end).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 45_000 });
  await expect(end).toHaveText(/./);
}
