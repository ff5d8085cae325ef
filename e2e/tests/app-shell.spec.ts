/**
 * The app around the pages, as a new viewer meets it: the shell with skeletons paints before any script runs;
 * each route keeps its own scroll position (a tab opens where that tab was, at the top the first time; back from a
 * title restores home where the viewer was); the task list offers only tasks that can be done, each with a "go" to
 * where it is done, and a VIP sees "unlimited" free views; lists and labels say their own words in every language.
 * Screenshots (390x844) go to SHOTS_DIR.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminToken, presetDevice, SHOTS_DIR, scrollToEnd, userToken } from './catalogue-helpers';
import { vodIdByName } from './helpers';

const SHOTS = `${SHOTS_DIR}/app-shell`;

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** A fresh device whose launch signed its guest in, then `path` (the task list needs a signed-in user). */
async function openSignedIn(page: Page, path: string) {
  await page.goto('/#/pages/me/index');
  await expect(page.getByTestId('me-profile')).not.toHaveAttribute('data-user-id', '0');
  await page.goto(`/#${path}`);
}

test.describe('first paint', () => {
  test('the app shell with skeletons is on screen before the app script runs', async ({ page }) => {
    await presetDevice(page, { locale: 'en-us' });
    // Hold every script of the app: what shows meanwhile is the page's own HTML and CSS.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/#/pages/home/index', { waitUntil: 'commit' });
    const shell = page.getByTestId('boot-shell');
    await expect(shell).toBeVisible();
    // The skeleton fills the phone's screen: top bar, slideshow, cards and tabs.
    const box = await shell.boundingBox();
    expect(box?.width).toBe(390);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(844);
    await page.screenshot({ path: `${SHOTS}/home-first-paint.png` });
    release();
    await expect(page.getByTestId('home-content')).toBeVisible();
    await expect(shell).toHaveCount(0);
  });
});

test.describe('scroll positions', () => {
  test('the home header is opaque in both themes: sections scrolled under it do not show through', async ({ page }) => {
    for (const dark of [true, false]) {
      await presetDevice(page, { locale: 'en-us', dark });
      await page.goto('about:blank');
      await page.goto('/#/pages/home/index');
      await expect(page.getByTestId('home-content')).toBeVisible();
      await page.locator('[data-testid^="home-block-"]').first().scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 120));
      const header = page.getByTestId('home-header');
      // A colour with no alpha ("rgb(r, g, b)"), and no backdrop blur that would let shapes through.
      expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
      await page.screenshot({ path: `${SHOTS}/home-header-${dark ? 'dark' : 'light'}.png` });
    }
  });

  test('a tab opens at its own position and back from a title restores home', async ({ page }) => {
    await presetDevice(page, { locale: 'en-us' });
    await page.goto('/#/pages/home/index');
    await expect(page.getByTestId('home-content')).toBeVisible();
    // A title far down the home page.
    const card = page.locator('[data-testid^="home-block-"] [data-testid^="vod-card-"]').last();
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(600);
    const homeY = await scrollY(page);

    // A tab switch opens Find at the top, not at home's position.
    await page.getByTestId('tab-find').click();
    await expect(page).toHaveURL(/#\/pages\/find\/index/);
    await expect(page.locator('[data-testid^="find-type-"]').first()).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
    // Home's tab opens home where the viewer left it.
    await page.getByTestId('tab-home').click();
    await expect(page.getByTestId('home-content')).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(homeY);

    // A title opens at the top; back restores home where the viewer was.
    await card.click();
    await expect(page).toHaveURL(/#\/pages\/detail\/[^?]+\?id=\d+/);
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.goBack();
    await expect(page.getByTestId('home-content')).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(homeY);
    await expect(card).toBeInViewport();
  });

  test('opened at its bare address, as a newcomer types it, home keeps its position across a tab switch', async ({
    page,
  }) => {
    await presetDevice(page, { locale: 'en-us' });
    // `/` shows the home page without a route in the address (router.tsx index route); its tab is /pages/home/index.
    await page.goto('/');
    await expect(page.getByTestId('home-content')).toBeVisible();
    const card = page.locator('[data-testid^="home-block-"] [data-testid^="vod-card-"]').last();
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(600);
    const homeY = await scrollY(page);
    await page.getByTestId('tab-find').click();
    await expect(page).toHaveURL(/#\/pages\/find\/index/);
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.getByTestId('tab-home').click();
    await expect(page.getByTestId('home-content')).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(homeY);
    await expect(card).toBeInViewport();
  });
});

test.describe('tasks', () => {
  test('offers only tasks that can be done, each with a go to where it is done', async ({ page }) => {
    await presetDevice(page, { locale: 'en-us' });
    await openSignedIn(page, '/pages/me/task-list');
    const list = page.getByTestId('task-list');
    await expect(list.getByTestId('task-checkin')).toBeVisible();
    // No ad slot is on in this server (DEMO_ADS=0): the ad click task is not offered.
    await expect(list.getByTestId('task-ad_click')).toHaveCount(0);
    // Saving the promotion poster is done on the promotion methods page (reward-more), where the poster is.
    await expect(list.getByTestId('task-save_qr-go')).toHaveAttribute('href', /#\/pages\/me\/reward-more$/);
    // Every open task has its action: check in here, or go where it is done.
    const rows = list.locator('li');
    for (let i = 0; i < (await rows.count()); i++) {
      await expect(rows.nth(i).locator('a, button')).toHaveCount(1);
    }
    await page.screenshot({ path: `${SHOTS}/tasks.png`, fullPage: true });
    // Watching, favouriting and commenting are done on a title: each go opens one (the first on home: nothing
    // watched); sharing on the share page, whose short link pays the task (modules/social).
    for (const key of ['watch_film', 'collect_film', 'comment']) {
      await expect(list.getByTestId(`task-${key}-go`)).toHaveAttribute('href', /#\/pages\/detail\/mov-detail\?id=\d+$/);
    }
    await expect(list.getByTestId('task-share-go')).toHaveAttribute('href', /#\/pages\/me\/share-to/);
    await list.getByTestId('task-comment-go').click();
    await expect(page).toHaveURL(/#\/pages\/detail\/mov-detail\?id=\d+/);
    await expect(page.getByTestId('share-title')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/task-go-title.png` });
  });

  test('a VIP sees unlimited free views instead of 3/0', async ({ page, request }) => {
    await presetDevice(page, { locale: 'en-us' });
    await openSignedIn(page, '/pages/me/task-list');
    await expect(page.getByTestId('free-views')).toHaveText(/Free views \d+\/\d+/);
    const token = await userToken(page);
    const me = await request.post('/api/user/info', { headers: { authorcode: token } });
    const userId = (await me.json()).info.user_id as number;
    const vip = await request.patch(`/api/admin/users/${userId}`, {
      headers: { authorcode: await adminToken(request) },
      data: { group_id: 3, user_end_time: Math.floor(Date.now() / 1000) + 86_400 },
    });
    expect(vip.ok(), await vip.text()).toBe(true);
    await page.reload();
    await expect(page.getByTestId('free-views')).toHaveText('Free views: unlimited');
    await expect(page.getByTestId('free-downloads')).toHaveText('Free downloads: unlimited');
    await page.screenshot({ path: `${SHOTS}/tasks-vip.png` });
  });
});

/**
 * Open the send-danmaku box as the viewer's tap on its button would. The button sits in the player's bottom bar,
 * which unmounts when the controls hide by themselves: it is found and pressed in one step in the page (a button
 * found a moment earlier may be gone by the press on a busy machine), and when the controls are hidden a tap on the
 * picture shows them first.
 */
async function openSendBox(page: Page, input: Locator) {
  await expect(async () => {
    if (await input.isVisible()) return;
    const pressed = await page.evaluate(() => {
      const button = document.querySelector<HTMLElement>('[data-testid="danmaku-send-open"]');
      button?.click();
      return button !== null;
    });
    if (!pressed) await page.getByTestId('player-gestures').click();
    await expect(input).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('words', () => {
  test('English: lists name their own kind, Find says "See all", the switch has its own label', async ({ page }) => {
    await presetDevice(page, { locale: 'en-us' });
    await page.goto('/#/pages/find/index');
    const first = page.locator('[data-testid^="find-type-"]').first();
    await expect(first).toBeVisible();
    await expect(first).toContainText('See all');
    await expect(page.locator('main')).not.toContainText(/All\s*[\u4e00-\u9fff]/);
    await page.screenshot({ path: `${SHOTS}/find-en-us.png` });

    await page.goto('/#/pages/wallpaper/index');
    await scrollToEnd(page);
    await expect(page.getByTestId('no-more')).toHaveText('No more wallpapers');

    await page.goto('/#/pages/live/index');
    await scrollToEnd(page);
    await expect(page.getByTestId('no-more')).toHaveText('No more live channels');

    await page.goto('/#/pages/me/setting-list');
    await expect(page.getByTestId('settings-dark-theme')).toHaveAttribute('aria-label', 'Dark theme');
  });

  test('the send-danmaku label is whole in the inline player in the long languages', async ({ page }) => {
    test.setTimeout(180_000);
    for (const locale of ['en-us', 'fr-fr', 'de-de', 'es-es', 'pt-pt']) {
      await page.addInitScript((l) => {
        localStorage.setItem(
          'openvod-settings',
          JSON.stringify({ state: { permissionAgree: true, darkTheme: true, locale: l }, version: 1 }),
        );
      }, locale);
      // A full load each time (a hash change alone keeps the running app and its language).
      await page.goto('about:blank');
      await page.goto('/#/pages/home/index');
      await page.locator('[data-testid^="vod-card-"]').first().click();
      const send = page.getByTestId('danmaku-send-open');
      await expect(send).toBeAttached({ timeout: 60_000 });
      // Inside the visible part of its (scrolling) row: nothing of the label is cut off. One evaluation (the
      // controls hide themselves after a while).
      const { cut, text } = await send.evaluate((el) => {
        const row = (el.parentElement as HTMLElement).getBoundingClientRect();
        const own = el.getBoundingClientRect();
        return { cut: Math.max(0, own.right - row.right, row.left - own.left), text: el.textContent };
      });
      expect(cut, `${locale}: ${text}`).toBeLessThanOrEqual(0.5);
      if (locale === 'en-us') await page.screenshot({ path: `${SHOTS}/title-en-us.png` });
    }
  });

  test('the send-danmaku box shows its whole invitation in every language', async ({ page }) => {
    test.setTimeout(180_000);
    const id = await vodIdByName(page, '星海拾光');
    for (const locale of ['zh-cn', 'zh-tw', 'en-us', 'fr-fr', 'de-de', 'es-es', 'pt-pt', 'ja-jp', 'ko-kr']) {
      await page.addInitScript((l) => {
        localStorage.setItem(
          'openvod-settings',
          JSON.stringify({ state: { permissionAgree: true, darkTheme: true, locale: l }, version: 1 }),
        );
      }, locale);
      await page.goto('about:blank');
      await page.goto(`/#/pages/detail/mov-detail?id=${id}`);
      await expect(page.getByTestId('danmaku-send-open')).toBeAttached({ timeout: 60_000 });
      const input = page.getByTestId('danmaku-input').locator('input');
      await openSendBox(page, input);
      // The placeholder's width in the input's own font against the room inside the input.
      const { need, room, text } = await input.evaluate((el: HTMLInputElement) => {
        const style = getComputedStyle(el);
        const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
        ctx.font = `${style.fontSize} ${style.fontFamily}`;
        return {
          need: ctx.measureText(el.placeholder).width,
          room: el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
          text: el.placeholder,
        };
      });
      expect(text, locale).not.toBe('');
      expect(need, `${locale}: "${text}"`).toBeLessThanOrEqual(room);
      if (locale === 'en-us') await page.screenshot({ path: `${SHOTS}/danmaku-send-en-us.png` });
    }
  });

  test('the home shortcuts show their whole names in every language, broken only between words', async ({ page }) => {
    test.setTimeout(180_000);
    for (const locale of ['zh-cn', 'zh-tw', 'en-us', 'fr-fr', 'de-de', 'es-es', 'pt-pt', 'ja-jp', 'ko-kr']) {
      await page.addInitScript((l) => {
        localStorage.setItem(
          'openvod-settings',
          JSON.stringify({ state: { permissionAgree: true, darkTheme: true, locale: l }, version: 1 }),
        );
      }, locale);
      // A full load each time (a hash change alone keeps the running app and its language).
      await page.goto('about:blank');
      await page.goto('/#/pages/home/index');
      const entries = page.getByTestId('home-entries');
      await expect(entries.locator('a')).toHaveCount(9);
      // Each label's rendered lines (characters grouped by the top of their box; a soft hyphen or zero-width space
      // is a break opportunity, not a character), and whether anything of it is clipped.
      const labels = await entries.locator('a > span:last-child').evaluateAll((els) =>
        els.map((label) => {
          const range = document.createRange();
          const rows = new Map<number, string>();
          const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node as Text;
            for (let i = 0; i < text.length; i++) {
              const ch = text.data[i] ?? '';
              if (ch === '\u00ad' || ch === '\u200b' || ch.trim() === '') continue;
              range.setStart(text, i);
              range.setEnd(text, i + 1);
              const rects = range.getClientRects();
              const top = Math.round((rects[rects.length - 1] ?? range.getBoundingClientRect()).top);
              rows.set(top, (rows.get(top) ?? '') + ch);
            }
          }
          const source = (label.textContent ?? '').replace(/\u00ad|\u200b/g, '');
          const clipped = label.scrollHeight > label.clientHeight + 1 || label.scrollWidth > label.clientWidth + 1;
          const lines = [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
          return { source, lines, clipped };
        }),
      );
      for (const { source, lines, clipped } of labels) {
        expect(clipped, `${locale}: ${source} is cut`).toBe(false);
        expect(lines.join(''), `${locale}: ${source}`).toBe(source.replace(/\s/g, ''));
      }
      // A line ends where the text has a space, a soft hyphen or a zero-width space, or after a hyphen: never inside
      // a word.
      const raw = await entries.locator('a > span:last-child').allTextContents();
      labels.forEach(({ lines }, n) => {
        const text = raw[n] ?? '';
        let i = 0;
        for (const line of lines.slice(0, -1)) {
          for (const ch of line) {
            while (i < text.length && text[i] !== ch) i++;
            i++;
          }
          const between = /[\s\u00ad\u200b]/.test(text[i] ?? '') || text[i - 1] === '-';
          expect(between, `${locale}: "${text}" broken after "${line}"`).toBe(true);
        }
      });
      const read = labels.map((l) => l.lines.join(' / '));
      // Two shortcuts never read the same (Japanese ショート動画 and ショートドラマ were both "ショート…").
      expect(new Set(read).size, `${locale}: ${read.join(', ')}`).toBe(9);
      if (locale === 'es-es' || locale === 'ja-jp')
        await entries.screenshot({ path: `${SHOTS}/entries-${locale}.png` });
    }
  });

  test('Japanese breaks between phrases, never inside a word', async ({ page }) => {
    await presetDevice(page, { locale: 'ja-jp' });
    await page.goto('/#/pages/find/index');
    await expect(page.locator('[data-testid^="find-type-"]').first()).toContainText('すべて見る');
    await page.screenshot({ path: `${SHOTS}/find-ja-jp.png` });
    await page.goto('/#/pages/me/index');
    // The shortcut is narrower than オフラインキャッシュ: two lines, broken between the two words.
    const label = page.locator('a[href="#/pages/me/download/index"]').first();
    await expect(label).toBeVisible();
    expect(await label.evaluate((el) => getComputedStyle(el).wordBreak)).toBe('auto-phrase');
    const lines = await label.evaluate((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const rows = new Map<number, string>();
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node as Text;
        for (let i = 0; i < text.length; i++) {
          const ch = text.data[i] ?? '';
          if (ch === '\u200b' || ch.trim() === '') continue;
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          rows.set(top, (rows.get(top) ?? '') + ch);
        }
      }
      return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
    });
    expect(lines).toEqual(['オフライン', 'キャッシュ']);
    // And it stays inside its own cell.
    const box = await label.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/me-ja-jp.png` });
  });
});
