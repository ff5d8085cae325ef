import type { Locale } from '@openvod/contract';
import { useSyncExternalStore } from 'react';
import { browserLanguages, resolveLocale, useSettings } from '../lib/settings';

function subscribeLanguages(onChange: () => void) {
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}

/** The interface language: the saved choice, else the browser's (updates when the browser's changes). */
export function useEffectiveLocale(): Locale {
  const saved = useSettings((s) => s.locale);
  const languages = useSyncExternalStore(subscribeLanguages, () => browserLanguages());
  return resolveLocale(saved, languages);
}
