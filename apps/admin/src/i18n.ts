/**
 * The console's strings through i18next and react-i18next: Chinese (simplified) by default, English by toggle. The
 * console is for operators; the 9-locale rule of the viewer app does not apply here.
 *
 * Messages live in src/locales/zh-cn.json (the source) and src/locales/en-us.json, one flat object each: keys are
 * dotted names used as they are (`keySeparator: false`, so `promo.status` and `promo.status.frozen` can both exist),
 * placeholders are i18next's `{{name}}`. src/locales/locales.test.ts checks that en-us has exactly zh-cn's keys and
 * placeholders, and that every key literal passed to `t` in src exists.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import enUS from './locales/en-us.json';
import zhCN from './locales/zh-cn.json';

/** A message key: a key of the source locale, zh-cn.json. */
export type MessageKey = keyof typeof zhCN;

export type Lang = 'zh-cn' | 'en-us';

/** The `Accept-Language` value of each console language. */
export const ACCEPT_LANGUAGE: Record<Lang, string> = { 'zh-cn': 'zh-CN', 'en-us': 'en-US' };

const STORAGE_KEY = 'openvod.admin.lang';

function readStored(): Lang {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'en-us' ? 'en-us' : 'zh-cn';
  } catch {
    return 'zh-cn';
  }
}

/** The console's i18next instance (its own, not the global one), initialised synchronously from the bundled JSON. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: readStored(),
  fallbackLng: 'zh-cn',
  supportedLngs: ['zh-cn', 'en-us'],
  lowerCaseLng: true,
  resources: { 'zh-cn': { translation: zhCN }, 'en-us': { translation: enUS } },
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; i18next must not escape a second time.
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The chosen language. */
export function getLang(): Lang {
  return i18n.language === 'en-us' ? 'en-us' : 'zh-cn';
}

/** Switch the language: re-renders every `useI18n` user, remembered in localStorage, set on `<html lang>`. */
export function setLang(lang: Lang): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  document.documentElement.lang = ACCEPT_LANGUAGE[lang];
  void i18n.changeLanguage(lang);
}

/** Values of a message's `{{name}}` placeholders. */
export type Vars = Record<string, string | number>;

/** Translate a key in the given language, replacing `{{name}}` placeholders with `vars`. */
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

/** The current language and its translate function (react-i18next's `useTranslation`); re-renders on toggle. */
export function useI18n(): { lang: Lang; t: Translate; setLang: (lang: Lang) => void } {
  const { t: translateKey, i18n: instance } = useTranslation(undefined, { i18n });
  const lang: Lang = instance.language === 'en-us' ? 'en-us' : 'zh-cn';
  const t: Translate = (key, vars) => translateKey(key, vars);
  return { lang, t, setLang };
}
