import { describe, expect, it } from 'vitest';
import { matchLocale } from './locales.ts';

describe('matchLocale', () => {
  it('maps browser tags and Accept-Language headers to the 9 locales', () => {
    expect(matchLocale('zh-CN')).toBe('zh-cn');
    expect(matchLocale('zh-TW')).toBe('zh-tw');
    expect(matchLocale('zh-Hant-HK')).toBe('zh-tw');
    expect(matchLocale('en-GB,en;q=0.9')).toBe('en-us');
    expect(matchLocale('fr')).toBe('fr-fr');
    expect(matchLocale('de-AT')).toBe('de-de');
    expect(matchLocale('pt-BR')).toBe('pt-pt');
    expect(matchLocale('ja')).toBe('ja-jp');
    expect(matchLocale('ko-KR')).toBe('ko-kr');
    expect(matchLocale('es-MX')).toBe('es-es');
  });
  it('falls back to zh-cn', () => {
    expect(matchLocale('')).toBe('zh-cn');
    expect(matchLocale(undefined)).toBe('zh-cn');
    expect(matchLocale('xx-YY, it')).toBe('zh-cn');
  });
});
