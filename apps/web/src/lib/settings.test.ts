import { describe, expect, it } from 'vitest';
import { browserLanguages, resolveLocale } from './settings';

const detect = (languages: string[]) =>
  resolveLocale(null, browserLanguages({ language: languages[0] ?? '', languages }));

describe('locale detection', () => {
  it('maps browser languages to the 9 locales', () => {
    expect(detect(['zh-CN'])).toBe('zh-cn');
    expect(detect(['zh-TW'])).toBe('zh-tw');
    expect(detect(['zh-HK'])).toBe('zh-tw');
    expect(detect(['zh-Hant-TW'])).toBe('zh-tw');
    expect(detect(['zh'])).toBe('zh-cn');
    expect(detect(['en-GB'])).toBe('en-us');
    expect(detect(['fr'])).toBe('fr-fr');
    expect(detect(['de-AT'])).toBe('de-de');
    expect(detect(['es-MX'])).toBe('es-es');
    expect(detect(['pt-BR'])).toBe('pt-pt');
    expect(detect(['ja'])).toBe('ja-jp');
    expect(detect(['ko-KR'])).toBe('ko-kr');
  });

  it('walks the preference list and defaults to zh-cn', () => {
    expect(detect(['ru-RU', 'de-DE'])).toBe('de-de');
    expect(detect(['ru-RU'])).toBe('zh-cn');
    expect(detect([])).toBe('zh-cn');
  });

  it('prefers the saved choice', () => {
    expect(resolveLocale('ja-jp', 'en-US')).toBe('ja-jp');
  });
});
