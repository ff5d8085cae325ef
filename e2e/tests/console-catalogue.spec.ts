/**
 * The console's catalogue pages (issue 4 item 6) against the real server, each change checked where the viewer sees
 * it: a topic with two titles (in the chosen order) on the app's specialtopic page, the hot search words in
 * `GET /api/search/hot`, a slideshow title in `GET /api/home`, and today's day cover in `GET /api/day-cover`.
 * The operator's browser runs far from the server's time zone (Pacific/Pago_Pago, UTC-11; the server's TZ defaults to
 * Asia/Shanghai, UTC+8, and CI may set another): the two calendar days differ 19 hours a day, and the console must
 * still default and mark the server's "today" (adminListDayCovers `today`).
 */
import { expect, type Page, test } from '@playwright/test';
import { consoleSignIn } from './catalogue-helpers';

test.use({ viewport: { width: 1280, height: 800 }, timezoneId: 'Pacific/Pago_Pago' });

const runId = Date.now().toString(36).slice(-5);
const SHOTS = process.env.E2E_SHOTS_DIR;

interface PublicVod {
  vod_id: number;
  vod_name: string;
  vod_level: number;
  type_id_1: number;
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Signed into the console with the run's one session (catalogue-helpers.ts consoleSignIn). */
const signIn = (page: Page) => consoleSignIn(page);

/** The special category ids (live, gallery, ...) as the viewer app sees them. */
async function specialTypes(page: Page): Promise<Record<string, number>> {
  const res = await page.request.get('/api/types');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { special: Record<string, number> }).special;
}

/**
 * Published titles of ordinary categories that are neither in the slideshow nor recommended (so each step starts
 * from a known state).
 */
async function plainTitles(page: Page, n: number): Promise<PublicVod[]> {
  const special = new Set(Object.values(await specialTypes(page)).filter((id) => id > 0));
  const res = await page.request.get('/api/vod?limit=60&order=time');
  expect(res.ok()).toBe(true);
  const list = ((await res.json()) as { list: PublicVod[] }).list.filter(
    (v) => v.vod_level === 0 && !special.has(v.type_id_1),
  );
  const names = new Set<string>();
  const out = list.filter((v) => !names.has(v.vod_name) && names.add(v.vod_name)).slice(0, n);
  expect(out).toHaveLength(n);
  return out;
}

/** Search the title picker `testId` for `vod` and pick it. */
async function pick(page: Page, testId: string, vod: PublicVod) {
  const picker = page.getByTestId(testId);
  await picker.click();
  await picker.locator('input').fill(vod.vod_name);
  await page.getByTestId(`picker-option-${vod.vod_id}`).click();
}

test('console catalogue pages: topic, hot words, slideshow, day cover and live channel reach the viewer', async ({
  page,
}) => {
  const [first, second, slide] = await plainTitles(page, 3);
  if (!first || !second || !slide) throw new Error('demo catalogue too small');
  await signIn(page);

  // A topic with two titles, the second moved above the first.
  const topicName = `端到端专题 ${runId}`;
  await page.goto('/admin/#/topics');
  await page.getByTestId('topic-create').click();
  const drawer = page.getByTestId('topic-drawer');
  await drawer.getByTestId('topic-name').fill(topicName);
  await drawer.locator('#topic_blurb').fill('两部影片的专题');
  await pick(page, 'topic-add-title', first);
  await pick(page, 'topic-add-title', second);
  await expect(drawer.getByTestId(`topic-title-${first.vod_id}`)).toContainText(first.vod_name);
  await expect(drawer.getByTestId(`topic-title-${second.vod_id}`)).toContainText(second.vod_name);
  await drawer.getByTestId(`topic-up-${second.vod_id}`).click();
  await expect(drawer.getByTestId('topic-titles').locator('.ant-list-item').first()).toContainText(second.vod_name);
  await shot(page, 'topic-drawer');
  await drawer.getByTestId('topic-save').click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(topicName) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('2');
  await shot(page, 'topics');

  const topics = (await (await page.request.get('/api/admin/topics', { headers: await auth(page) })).json()) as {
    list: { topic_id: number; topic_name: string; vod_ids: number[] }[];
  };
  const topic = topics.list.find((t) => t.topic_name === topicName);
  expect(topic?.vod_ids).toEqual([second.vod_id, first.vod_id]);
  if (!topic) return;

  // Hot search words.
  const words = [`热词${runId}`, `hot-${runId}`];
  await page.goto('/admin/#/catalogue');
  const hot = page.getByTestId('cat-hot');
  await hot.click();
  for (const w of words) {
    await hot.locator('input').fill(w);
    await hot.locator('input').press('Enter');
  }
  await shot(page, 'catalogue-settings');
  await page.getByTestId('cat-save').click();
  await expect
    .poll(async () => ((await (await page.request.get('/api/search/hot')).json()) as { list: string[] }).list)
    .toEqual(words);

  // Into the slideshow with its slide picture.
  const slidePic = `https://example.com/slides/e2e-${runId}.jpg`;
  await page.goto('/admin/#/home');
  await pick(page, 'slide-add', slide);
  await page.getByTestId('slide-pic').fill(slidePic);
  await page.getByTestId('slide-save').click();
  await expect(page.getByTestId('home-slides').getByRole('row', { name: new RegExp(slide.vod_name) })).toBeVisible();
  await shot(page, 'home');
  await expect
    .poll(async () => {
      const home = (await (await page.request.get('/api/home')).json()) as { slide: { vod_id: number }[] };
      return home.slide.map((v) => v.vod_id);
    })
    .toContain(slide.vod_id);
  const detail = (await (await page.request.get(`/api/vod/${slide.vod_id}`)).json()) as {
    info: { vod_pic_slide: string; vod_level: number };
  };
  expect(detail.info).toMatchObject({ vod_pic_slide: slidePic, vod_level: 9 });

  // Today's day cover.
  const coverTitle = `今日封面 ${runId}`;
  const coverPic = `https://example.com/covers/e2e-${runId}.jpg`;
  // The operator's today as the server tells the page (the day may roll over later in the test: this is the date the
  // page defaults to).
  const listed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/day-covers' && r.request().method() === 'GET',
  );
  await page.goto('/admin/#/day-covers');
  const { today } = (await (await listed).json()) as { today: string };
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByTestId('cover-create').click();
  await expect(page.locator('[data-testid="cover-date"] input, input[data-testid="cover-date"]')).toHaveValue(today);
  // A script address is refused with the console's own message before anything is sent.
  await page.getByTestId('cover-pic').fill('javascript:alert(1)');
  await page.getByTestId('cover-save').click();
  await expect(page.getByText('请输入 http:// 或 https:// 地址，或以 / 开头的站内路径')).toBeVisible();
  await page.getByTestId('cover-pic').fill(coverPic);
  await page.getByTestId('cover-title').fill(coverTitle);
  await page.getByTestId('cover-save').click();
  await expect(page.getByRole('row', { name: new RegExp(coverTitle) })).toContainText(today);
  await shot(page, 'day-covers');
  await expect
    .poll(async () => ((await (await page.request.get('/api/day-cover')).json()) as { info: unknown }).info)
    .toEqual({ cover_date: today, cover_pic: coverPic, cover_title: coverTitle, cover_link: '' });

  // A live channel: created in the live category with its stream as the single `live` source, then unpublished.
  const liveTypeId = (await specialTypes(page)).app_live_typeid ?? 0;
  expect(liveTypeId).toBeGreaterThan(0);
  const channel = `端到端频道 ${runId}`;
  const stream = `https://example.com/live/e2e-${runId}/index.m3u8`;
  await page.goto('/admin/#/live');
  await page.getByTestId('live-create').click();
  await page.getByTestId('live-name').fill(channel);
  await page.getByTestId('live-stream').fill(stream);
  await page.getByTestId('live-save').click();
  const channelRow = page.getByTestId('live-page').getByRole('row', { name: new RegExp(channel) });
  await expect(channelRow.getByTestId('live-stream-url')).toHaveAttribute('title', stream);
  await shot(page, 'live');
  const liveList = async () =>
    ((await (await page.request.get(`/api/vod?type_id=${liveTypeId}&limit=100`)).json()) as { list: PublicVod[] }).list;
  const created = (await liveList()).find((v) => v.vod_name === channel);
  expect(created).toBeTruthy();
  if (!created) return;
  // Read back through the console API: the viewer's getDetail withholds play data from groups without rights.
  const live = (await (
    await page.request.get(`/api/admin/vods/${created.vod_id}`, { headers: await auth(page) })
  ).json()) as {
    info: { vod_time: string; sources: { from: string; episodes: { name: string; url: string }[] }[] };
  };
  expect(live.info.sources).toEqual([
    expect.objectContaining({ from: 'live', episodes: [expect.objectContaining({ name: '直播', url: stream })] }),
  ]);
  await page.getByTestId(`live-status-${created.vod_id}`).click();
  await expect(page.getByTestId(`live-status-${created.vod_id}`)).toHaveAttribute('aria-checked', 'false');
  await expect.poll(async () => (await liveList()).some((v) => v.vod_id === created.vod_id)).toBe(false);

  // Console times are shown in the operator's time zone (adminMe `time_zone`), not the browser's (Pago_Pago here).
  const me = (await (await page.request.get('/api/admin/me', { headers: await auth(page) })).json()) as {
    time_zone: string;
  };
  const inZone = (iso: string, timeZone: string) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(iso));
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
  };
  const shown = inZone(live.info.vod_time, me.time_zone);
  expect(shown).not.toBe(inZone(live.info.vod_time, 'Pacific/Pago_Pago'));
  await page.goto(`/admin/#/vods/${created.vod_id}`);
  await expect(page.locator('.ant-descriptions')).toContainText(shown);

  // The viewer app's topics page shows the topic with its two titles in the operator's order.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#/pages/specialtopic/index');
  const section = page.getByTestId(`topic-${topic.topic_id}`);
  await expect(section).toContainText(topicName);
  const cards = section.locator('[data-testid^="vod-card-"]');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAttribute('data-testid', `vod-card-${second.vod_id}`);
  await expect(cards.nth(1)).toHaveAttribute('data-testid', `vod-card-${first.vod_id}`);
  await shot(page, 'viewer-topics');
});

/** The console's session header, read from the signed-in page's storage. */
async function auth(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('openvod.admin.session') ?? '{}') as { token?: string }).token ?? '',
  );
  return { authorcode: token };
}
