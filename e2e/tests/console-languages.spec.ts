/**
 * The console in the viewer app's 9 languages against the real server: the sign-in page's language picker, a server
 * refusal in the chosen language (the console sends it as Accept-Language, apps/admin/src/i18n.ts), the header's
 * picker after signing in, and the choice kept across a reload.
 */
import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';

const SHOTS = process.env.E2E_SHOTS_DIR;

test('the operator picks Japanese to sign in, then Korean in the header, and keeps it after a reload', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/admin/');
  const picker = page.getByTestId('login-lang');
  await expect(picker).toHaveText('简体中文');
  await picker.click();
  for (const name of [
    '简体中文',
    '繁體中文',
    'English',
    'Français',
    'Deutsch',
    'Español',
    'Português',
    '日本語',
    '한국어',
  ]) {
    await expect(page.getByRole('menuitem', { name, exact: true })).toBeVisible();
  }
  await page.getByTestId('lang-ja-jp').click();
  await expect(picker).toHaveText('日本語');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();

  // The server's refusal comes back in Japanese.
  await page.locator('input[name="admin_name"]').fill('admin');
  await page.locator('input[name="admin_pwd"]').fill('not-the-password');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText('アカウントまたはパスワードが違います');

  await page.locator('input[name="admin_pwd"]').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  const header = page.getByTestId('lang-toggle');
  await expect(header).toHaveText('日本語');
  await expect(page.getByTestId('sign-out')).toHaveText('ログアウト');
  await expect(page.getByRole('menuitem', { name: 'カテゴリ', exact: true })).toBeVisible();

  await header.click();
  await page.getByTestId('lang-ko-kr').click();
  await expect(header).toHaveText('한국어');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko-KR');
  await expect(page.getByTestId('sign-out')).toHaveText('로그아웃');
  await expect(page.getByRole('menuitem', { name: '카테고리', exact: true })).toBeVisible();
  // antd's own strings follow: the titles table's pager.
  await expect(page.locator('.ant-pagination-next').first()).toHaveAttribute('title', '다음 페이지');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-ko-kr.png` });

  await page.reload();
  await expect(page.getByTestId('lang-toggle')).toHaveText('한국어');
  await expect(page.getByTestId('sign-out')).toHaveText('로그아웃');
  await context.close();
});
