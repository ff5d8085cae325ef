import { LOCALES, SOURCE_LOCALE } from '@openvod/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      for (const [fk, fv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(fk, fv);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

function placeholders(text: unknown): string[] {
  return typeof text === 'string' ? [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort() : [];
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The key without its i18next plural suffix (`a.b_one` -> `a.b`); other keys as they are. */
function baseKey(key: string): string {
  return key.replace(PLURAL, '');
}

/** Plural suffixes each pluralised key of `messages` has, by base key (`a.b` -> ['one', 'other']). */
function pluralForms(messages: Map<string, unknown>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const key of messages.keys()) {
    const m = PLURAL.exec(key);
    if (m?.[1]) out.set(baseKey(key), [...(out.get(baseKey(key)) ?? []), m[1]].sort());
  }
  return out;
}

const source = flatten(files[`./${SOURCE_LOCALE}.json`]);
const sourceBases = new Set([...source.keys()].map(baseKey));

describe('locales', () => {
  it('has a file for each of the 9 locales and nothing else', () => {
    expect(Object.keys(files).sort()).toEqual(LOCALES.map((l) => `./${l}.json`).sort());
  });

  it('source locale has keys', () => {
    expect(source.size).toBeGreaterThan(50);
  });

  for (const locale of LOCALES) {
    describe(locale, () => {
      const messages = flatten(files[`./${locale}.json`]);

      const bases = new Set([...messages.keys()].map(baseKey));

      it('has every key of the source locale, non-empty', () => {
        const missing = [...sourceBases].filter((key) => !bases.has(key));
        const empty = [...messages].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
        expect(missing, `${locale} lacks keys`).toEqual([]);
        expect(empty, `${locale} has empty values`).toEqual([]);
      });

      it('has no keys the source locale lacks', () => {
        expect([...bases].filter((key) => !sourceBases.has(key))).toEqual([]);
      });

      it('has exactly the plural forms of its language for each counted key', () => {
        const categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
        const forms = pluralForms(messages);
        expect(
          [...pluralForms(source).keys()].filter((key) => !forms.has(key)),
          'plural keys lost',
        ).toEqual([]);
        const wrong = [...forms].filter(([, got]) => got.join() !== categories.join()).map(([key]) => key);
        expect(wrong, `${locale} plural forms must be ${categories.join()}`).toEqual([]);
      });

      it('keeps the interpolation placeholders of the source', () => {
        const sourceText = new Map([...source].map(([key, text]) => [baseKey(key), text]));
        const wrong = [...messages]
          .filter(([key, text]) => placeholders(text).join() !== placeholders(sourceText.get(baseKey(key))).join())
          .map(([key]) => key);
        expect(wrong).toEqual([]);
      });
    });
  }

  it('English counts agree with their number (1 episode, 2 titles)', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en-us',
      lowerCaseLng: true,
      resources: { 'en-us': { translation: files['./en-us.json'] as Record<string, unknown> } },
    });
    expect(i18n.t('player.episodeCount', { count: 1 })).toBe('1 episode');
    expect(i18n.t('player.episodeCount', { count: 12 })).toBe('12 episodes');
    expect(i18n.t('sort.total', { count: 1 })).toBe('1 title');
    expect(i18n.t('sort.total', { count: 2 })).toBe('2 titles');
    expect(i18n.t('vod.hits', { count: 1, hits: '1' })).toBe('1 view');
    expect(i18n.t('vip.pointsPrice', { count: 1 })).toBe('1 point');
    expect(i18n.t('points.checkInOk', { count: 5 })).toBe('Checked in: +5 points');
    expect(i18n.t('vip.grant.vip', { group: 'VIP', count: 1 })).toBe('VIP: 1 day');
    expect(i18n.t('vip.grant.views', { count: 1 })).toBe('1 extra view');
    expect(i18n.t('points.price', { count: 1 })).toBe('1 point each');
    expect(i18n.t('points.exchangeOk', { count: 1 })).toBe('Exchanged: 1 point spent');
    expect(i18n.t('collections.deleteConfirm', { count: 1 })).toBe('Delete 1 selected item?');
  });

  it('Japanese labels are whole phrases, not a trailing particle alone (について, の, を)', () => {
    const fragments = [...flatten(files['./ja-jp.json'])]
      .filter(([, text]) => typeof text === 'string' && /^(について|の|を|に|で|が|は)/.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(fragments).toEqual([]);
  });
});
