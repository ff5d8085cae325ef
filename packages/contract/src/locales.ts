/** The 9 interface languages of spec §1; zh-cn is the source locale. */
export const LOCALES = ['zh-cn', 'zh-tw', 'en-us', 'fr-fr', 'de-de', 'es-es', 'pt-pt', 'ja-jp', 'ko-kr'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'zh-cn';

/**
 * The BCP 47 tag of a locale (zh-cn -> zh-CN): the apps' `<html lang>` and the console's Accept-Language, which
 * {@link matchLocale} maps back to the locale.
 */
export function localeTag(locale: Locale): string {
  const [lang, region] = locale.split('-');
  return region ? `${lang}-${region.toUpperCase()}` : locale;
}

/**
 * Each interface language by its own name, shown the same whatever the chosen language: the viewer app's language
 * setting (apps/web/src/features/settings/SettingsPage.tsx) and the console's picker (apps/admin/src/LanguagePicker.tsx).
 */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  'zh-cn': '简体中文',
  'zh-tw': '繁體中文',
  'en-us': 'English',
  'fr-fr': 'Français',
  'de-de': 'Deutsch',
  'es-es': 'Español',
  'pt-pt': 'Português',
  'ja-jp': '日本語',
  'ko-kr': '한국어',
};

/** Pick the best supported locale for a BCP 47 tag or an Accept-Language header; zh-cn when nothing matches. */
export function matchLocale(input: string | undefined | null): Locale {
  if (!input) return SOURCE_LOCALE;
  const tags = input
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '')
    .filter(Boolean);
  for (const tag of tags) {
    const exact = LOCALES.find((l) => l === tag);
    if (exact) return exact;
    if (tag === 'zh-hant' || tag.startsWith('zh-hant') || tag === 'zh-hk' || tag === 'zh-mo') return 'zh-tw';
    if (tag.startsWith('zh')) return 'zh-cn';
    const lang = tag.split('-')[0];
    const byLang = LOCALES.find((l) => l.startsWith(`${lang}-`));
    if (byLang) return byLang;
  }
  return SOURCE_LOCALE;
}
