/**
 * The console's two locales (src/locales/*.json): en-us has exactly zh-cn's keys, non-empty, with the same
 * `{{placeholders}}`; every `t('key')` literal in src names a key of zh-cn; i18next fills placeholders as the pages
 * expect. The viewer app's version of these checks is apps/web/src/locales/locales.test.ts.
 */
import { PLOG_TYPE } from '@openvod/contract';
import { describe, expect, it } from 'vitest';
import { type MessageKey, plogTypeName, translate } from '../i18n.ts';
import enUS from './en-us.json';
import zhCN from './zh-cn.json';

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const zh: Record<string, string> = zhCN;
const en: Record<string, string> = enUS;

describe('console locales', () => {
  it('zh-cn has keys', () => {
    expect(Object.keys(zh).length).toBeGreaterThan(500);
  });

  it('en-us has exactly the keys of zh-cn, non-empty', () => {
    expect(
      Object.keys(en).filter((k) => !(k in zh)),
      'keys zh-cn lacks',
    ).toEqual([]);
    expect(
      Object.keys(zh).filter((k) => !(k in en)),
      'keys en-us lacks',
    ).toEqual([]);
    for (const messages of [zh, en]) {
      expect(Object.entries(messages).filter(([, v]) => typeof v !== 'string' || v.trim() === '')).toEqual([]);
    }
  });

  it('en-us keeps the placeholders of zh-cn', () => {
    const wrong = Object.keys(zh).filter((k) => placeholders(zh[k] ?? '').join() !== placeholders(en[k] ?? '').join());
    expect(wrong).toEqual([]);
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

  it("names every plog type the server writes (the contract's PLOG_TYPE), in both languages", () => {
    const unnamed = Object.values(PLOG_TYPE).filter((n) => !(`points.plog.${n}` in zh) || !(`points.plog.${n}` in en));
    expect(unnamed).toEqual([]);
  });
});
