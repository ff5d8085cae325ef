/**
 * The console's strings through i18next and react-i18next, in the 9 interface languages of the viewer app (spec §1,
 * contract LOCALES): Chinese (simplified) by default, another by the language picker (LanguagePicker.tsx, in the
 * header and on the sign-in page).
 *
 * Messages live in src/locales/<lang>.json, one flat object each, zh-cn.json being the source: keys are dotted names
 * used as they are (`keySeparator: false`, so `promo.status` and `promo.status.frozen` can both exist), placeholders
 * are i18next's `{{name}}`. src/locales/locales.test.ts checks that every locale has exactly zh-cn's keys and
 * placeholders, and that every key literal passed to `t` in src exists. zh-cn is bundled (the default and every
 * key's fallback); each other language is its own chunk, fetched before the first render when it is the stored
 * choice (main.tsx, {@link loadLang}) or when the operator picks it ({@link setLang}), so the console's first download
 * carries one language, not nine.
 */
import { LOCALES, type Locale, localeTag } from '@openvod/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/pt';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import zhCN from './locales/zh-cn.json';

/** The other languages' messages, one chunk each (Vite's import.meta.glob), by file path. */
const LOCALE_FILES = import.meta.glob<{ default: Record<string, string> }>([
  './locales/*.json',
  '!./locales/zh-cn.json',
]);

/** A message key: a key of the source locale, zh-cn.json. */
export type MessageKey = keyof typeof zhCN;

/** A console language: one of the viewer app's 9 locales (contract LOCALES). */
export type Lang = Locale;

/** The console's languages, in the order of the viewer app's language setting (contract LOCALES). */
export const LANGS: readonly Lang[] = LOCALES;

/** Whether a value (a stored choice, i18next's language) is one of the 9 languages. */
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

const STORAGE_KEY = 'openvod.admin.lang';

/** The stored choice (localStorage) if it is one of the 9 languages, else zh-cn: the language the console starts in. */
export function storedLang(): Lang {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLang(stored) ? stored : 'zh-cn';
  } catch {
    return 'zh-cn';
  }
}

/**
 * dayjs's locale of each language: antd's date pickers take their month and weekday names from dayjs's global locale,
 * which follows the console's language (set below on every language change, the first included).
 */
export const DAYJS_LOCALE: Record<Lang, string> = {
  'zh-cn': 'zh-cn',
  'zh-tw': 'zh-tw',
  'en-us': 'en',
  'fr-fr': 'fr',
  'de-de': 'de',
  'es-es': 'es',
  'pt-pt': 'pt',
  'ja-jp': 'ja',
  'ko-kr': 'ko',
};

/**
 * The console's i18next instance (its own, not the global one), initialised synchronously with the bundled zh-cn; in
 * the stored language once {@link loadLang} has fetched it (main.tsx waits for that before the first render).
 */
export const i18n = i18next.createInstance();
i18n.on('languageChanged', (language) => {
  dayjs.locale(DAYJS_LOCALE[langOf(language)]);
});
void i18n.use(initReactI18next).init({
  lng: storedLang(),
  fallbackLng: 'zh-cn',
  supportedLngs: [...LANGS],
  lowerCaseLng: true,
  resources: { 'zh-cn': { translation: zhCN } },
  // The other languages are added as they are fetched (loadLang).
  partialBundledLanguages: true,
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; i18next must not escape a second time.
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The language i18next is in, as a {@link Lang} (zh-cn if it were ever another). */
function langOf(language: string | undefined): Lang {
  return isLang(language) ? language : 'zh-cn';
}

/** The chosen language. */
export function getLang(): Lang {
  return langOf(i18n.language);
}

/**
 * Fetch the messages of `lang` (a chunk of its own; zh-cn is bundled) into i18next, once. Rejects when the chunk
 * cannot be fetched (the next call tries again); the keys of a language not loaded fall back to zh-cn.
 */
export async function loadLang(lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const load = LOCALE_FILES[`./locales/${lang}.json`];
  if (!load) return;
  const messages = await load();
  i18n.addResourceBundle(lang, 'translation', messages.default, true, true);
}

/**
 * Switch the language once its messages are in ({@link loadLang}): re-renders every `useI18n` user, remembered in
 * localStorage, set on `<html lang>`. Resolves when the console shows it; a failed fetch keeps the current language.
 */
export async function setLang(lang: Lang): Promise<void> {
  await loadLang(lang);
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  document.documentElement.lang = localeTag(lang);
  await i18n.changeLanguage(lang);
}

/** Values of a message's `{{name}}` placeholders. */
export type Vars = Record<string, string | number>;

/**
 * Translate a key in the given language, replacing `{{name}}` placeholders with `vars`. The language must be loaded
 * ({@link loadLang}); else the zh-cn text comes back.
 */
export function translate(lang: Lang, key: MessageKey, vars?: Vars): string {
  return i18n.getFixedT(lang)(key, vars);
}

export type Translate = (key: MessageKey, vars?: Vars) => string;

/**
 * The operator's name of a points journal type (`points.plog.<type>`, contract PLOG_TYPE), else the bare number:
 * i18next answers a missing key with the key itself, so the key is looked up first.
 */
export function plogTypeName(t: Translate, type: number): string {
  const key = `points.plog.${type}`;
  return i18n.exists(key) ? t(key as MessageKey) : String(type);
}

/** The current language and its translate function (react-i18next's `useTranslation`); re-renders on a switch. */
export function useI18n(): { lang: Lang; t: Translate; setLang: (lang: Lang) => Promise<void> } {
  const { t: translateKey, i18n: instance } = useTranslation(undefined, { i18n });
  const lang = langOf(instance.language);
  const t: Translate = (key, vars) => translateKey(key, vars);
  return { lang, t, setLang };
}
