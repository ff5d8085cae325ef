import { describe, expect, it } from 'vitest';
import { applyTheme, browserLanguages, resolveLocale, SETTINGS_KEY, useSettings } from './settings';

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

describe('device settings', () => {
  it('defaults to the dark theme, no privacy answer, this origin', async () => {
    localStorage.removeItem(SETTINGS_KEY);
    await useSettings.persist.rehydrate();
    expect(useSettings.getState()).toMatchObject({
      darkTheme: true,
      permissionAgree: null,
      apiBase: '',
      invitationCode: '',
    });
  });

  it('keeps valid stored values and drops bad ones', async () => {
    localStorage.setItem(
      SETTINGS_KEY,
      JSON.stringify({
        state: {
          locale: 'xx',
          darkTheme: false,
          permissionAgree: 'yes',
          apiBase: 'javascript:alert(1)',
          invitationCode: 'AB12',
        },
        version: 1,
      }),
    );
    await useSettings.persist.rehydrate();
    expect(useSettings.getState()).toMatchObject({
      locale: null,
      darkTheme: false,
      permissionAgree: null,
      apiBase: '',
      invitationCode: 'AB12',
    });
  });

  it('switches the colour scheme attribute (spec §4 dark theme)', () => {
    applyTheme(false);
    expect(document.documentElement.getAttribute('data-prefers-color-scheme')).toBe('light');
    applyTheme(true);
    expect(document.documentElement.getAttribute('data-prefers-color-scheme')).toBe('dark');
  });
});
