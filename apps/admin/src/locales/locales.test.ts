/**
 * The console's 9 locales (src/locales/*.json, one per contract LOCALES entry): each has exactly zh-cn's keys,
 * non-empty, with the same `{{placeholders}}`, and is not English left in place; every `t('key')` literal in src names
 * a key of zh-cn; i18next fills placeholders as the pages expect. The viewer app's version of these checks is
 * apps/web/src/locales/locales.test.ts.
 */
import { LOCALES, localeTag, matchLocale, PLOG_TYPE } from '@openvod/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLang, type MessageKey, plogTypeName, translate } from '../i18n.ts';
import enUS from './en-us.json';
import zhCN from './zh-cn.json';

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const files = import.meta.glob<Record<string, string>>('./*.json', { eager: true, import: 'default' });
/** Each locale's messages by its name (`ja-jp`), from the files of this folder. */
const locales: Record<string, Record<string, string>> = Object.fromEntries(
  Object.entries(files).map(([path, messages]) => [path.replace(/^\.\/(.*)\.json$/, '$1'), messages]),
);

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const zh: Record<string, string> = zhCN;
const en: Record<string, string> = enUS;
const others = LOCALES.filter((l) => l !== 'zh-cn');

describe('console locales', () => {
  beforeAll(() => loadLang('en-us'));

  it('zh-cn has keys', () => {
    expect(Object.keys(zh).length).toBeGreaterThan(500);
  });

  it('has one file per locale of the viewer app, zh-cn bundled and each other one fetched into i18next', async () => {
    expect(Object.keys(locales).sort()).toEqual([...LOCALES].sort());
    expect(i18n.hasResourceBundle('zh-cn', 'translation')).toBe(true);
    for (const l of LOCALES) {
      await loadLang(l);
      expect(i18n.hasResourceBundle(l, 'translation'), l).toBe(true);
      expect(i18n.getResourceBundle(l, 'translation'), l).toEqual(locales[l]);
    }
  });

  it.each(others)('%s has exactly the keys of zh-cn, non-empty', (l) => {
    const messages = locales[l] ?? {};
    expect(
      Object.keys(messages).filter((k) => !(k in zh)),
      `keys zh-cn lacks`,
    ).toEqual([]);
    expect(
      Object.keys(zh).filter((k) => !(k in messages)),
      `keys ${l} lacks`,
    ).toEqual([]);
    for (const m of [zh, messages]) {
      expect(Object.entries(m).filter(([, v]) => typeof v !== 'string' || v.trim() === '')).toEqual([]);
    }
  });

  it.each(others)('%s keeps the placeholders of zh-cn', (l) => {
    const messages = locales[l] ?? {};
    const wrong = Object.keys(zh).filter(
      (k) => placeholders(zh[k] ?? '').join() !== placeholders(messages[k] ?? '').join(),
    );
    expect(wrong).toEqual([]);
  });

  it.each(others.filter((l) => l !== 'en-us'))('%s is translated, not English left in place', (l) => {
    const messages = locales[l] ?? {};
    // Names, codes and units (VIP, ID, CSV, "uni-ad") read the same in several languages; whole sentences do not.
    const same = Object.keys(en).filter((k) => messages[k] === en[k] && (en[k] ?? '').includes(' '));
    expect(same.length, same.slice(0, 20).join(', ')).toBeLessThan(Object.keys(en).length * 0.03);
  });

  it('asks the server in each language by a tag it maps back to that language', () => {
    for (const l of LOCALES) expect(matchLocale(localeTag(l)), l).toBe(l);
  });

  it('has no single-brace placeholders left from the old store (only the tile URL template shows literal {z})', () => {
    const single = Object.entries(zh)
      .filter(([, v]) => /(^|[^{])\{[a-z]\w*\}(?!\})/i.test(v))
      .map(([k]) => k);
    expect(single.sort()).toEqual(['map.tileUrl', 'map.tileUrlInvalid']);
  });

  it("every t('key') literal in src exists in zh-cn", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      for (const m of text.matchAll(/\bt\(\s*['"]([^'"]+)['"]/g)) {
        const key = m[1] ?? '';
        if (!(key in zh)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('fills {{placeholders}} without escaping and keeps the literal braces of the tile template', () => {
    expect(translate('en-us', 'community.unmuteConfirm', { name: 'a<b' })).toBe(
      en['community.unmuteConfirm']?.replace('{{name}}', 'a<b'),
    );
    expect(translate('zh-cn', 'map.tileUrl')).toContain('{z}');
  });

  it('names a points journal type, and a type without a name by its number', () => {
    const t = (key: MessageKey, vars?: Record<string, string | number>) => translate('en-us', key, vars);
    expect(plogTypeName(t, 24)).toBe('Points exchange');
    expect(plogTypeName(t, 30)).toBe('Guest points merged into the account');
    expect(plogTypeName(t, PLOG_TYPE.redeem)).toBe('Redemption code');
    expect(plogTypeName(t, 99)).toBe('99');
  });

  it.each([...LOCALES])("%s names every plog type the server writes (the contract's PLOG_TYPE)", (l) => {
    const messages = locales[l] ?? {};
    const unnamed = Object.values(PLOG_TYPE).filter((n) => !(`points.plog.${n}` in messages));
    expect(unnamed).toEqual([]);
  });
});
