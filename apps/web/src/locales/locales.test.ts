import { LOCALES, SOURCE_LOCALE } from '@openvod/contract';
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

const source = flatten(files[`./${SOURCE_LOCALE}.json`]);

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

      it('has every key of the source locale, non-empty', () => {
        const missing = [...source.keys()].filter((key) => !messages.has(key));
        const empty = [...messages].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
        expect(missing, `${locale} lacks keys`).toEqual([]);
        expect(empty, `${locale} has empty values`).toEqual([]);
      });

      it('has no keys the source locale lacks', () => {
        expect([...messages.keys()].filter((key) => !source.has(key))).toEqual([]);
      });

      it('keeps the interpolation placeholders of the source', () => {
        const wrong = [...source]
          .filter(([key, text]) => placeholders(text).join() !== placeholders(messages.get(key)).join())
          .map(([key]) => key);
        expect(wrong).toEqual([]);
      });
    });
  }
});
