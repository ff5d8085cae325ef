import { LOCALES, type Locale, matchLocale } from '@openvod/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Persisted viewer settings (spec §2 setting list). `locale` null means "follow the browser". */
export interface SettingsState {
  locale: Locale | null;
  setLocale: (locale: Locale | null) => void;
}

export const SETTINGS_KEY = 'openvod-settings';

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      locale: null,
      setLocale: (locale) => set({ locale }),
    }),
    {
      name: SETTINGS_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ locale: s.locale }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<SettingsState>;
        const locale = p.locale && (LOCALES as readonly string[]).includes(p.locale) ? p.locale : null;
        return { ...current, locale };
      },
    },
  ),
);

/** The browser's preferred languages as an Accept-Language-like list. */
export function browserLanguages(
  nav: Pick<Navigator, 'language' | 'languages'> | undefined = globalThis.navigator,
): string {
  if (!nav) return '';
  const list = nav.languages && nav.languages.length > 0 ? nav.languages : [nav.language];
  return list.filter(Boolean).join(',');
}

/** The locale to use: the saved choice, else the best match of the browser languages (zh-cn when none). */
export function resolveLocale(saved: Locale | null, languages: string): Locale {
  return saved ?? matchLocale(languages);
}

export function currentLocale(): Locale {
  return resolveLocale(useSettings.getState().locale, browserLanguages());
}
