import { type Locale, localeTag, SOURCE_LOCALE } from '@openvod/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiTranslator } from './api';
import { loadMessages } from './messages';

function applyDocumentLang(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = localeTag(locale);
}

export const i18n = i18next;

// The API client's error messages come from here once the app's code has loaded.
setApiTranslator((key) => i18next.t(key));

/** Initialise i18next with the messages of `locale` (loaded before the first render). */
export async function initI18n(locale: Locale): Promise<void> {
  const messages = await loadMessages(locale).catch(() => loadMessages(SOURCE_LOCALE));
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    lowerCaseLng: true,
    load: 'currentOnly',
    resources: { [locale]: { translation: messages } },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  applyDocumentLang(locale);
}

/** Switch the interface language, loading its messages first. */
export async function changeLocale(locale: Locale): Promise<void> {
  if (!i18next.hasResourceBundle(locale, 'translation')) {
    i18next.addResourceBundle(locale, 'translation', await loadMessages(locale));
  }
  await i18next.changeLanguage(locale);
  applyDocumentLang(locale);
}
