import { LOCALES, type Locale, matchLocale } from '@openvod/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * Persisted device settings (spec §2 setting list, §3 device state). `locale` null means "follow the browser".
 * `permissionAgree` is the privacy dialog's answer (null: never answered). `apiBase` is the API address chosen at
 * launch from the app config's `domain_list` ('' = this origin).
 */
export interface SettingsState {
  locale: Locale | null;
  darkTheme: boolean;
  permissionAgree: boolean | null;
  /** Key of the last notice shown, so each notice appears once. */
  noticeSeen: string;
  /** Invitation code from the launch URL, sent with registrations. */
  invitationCode: string;
  apiBase: string;
  setLocale: (locale: Locale | null) => void;
  setDarkTheme: (dark: boolean) => void;
  setPermissionAgree: (agree: boolean) => void;
  setNoticeSeen: (key: string) => void;
  setInvitationCode: (code: string) => void;
  setApiBase: (base: string) => void;
}

export const SETTINGS_KEY = 'openvod-settings';

type Persisted = Pick<
  SettingsState,
  'locale' | 'darkTheme' | 'permissionAgree' | 'noticeSeen' | 'invitationCode' | 'apiBase'
>;

const str = (value: unknown) => (typeof value === 'string' ? value : '');

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      locale: null,
      darkTheme: true,
      permissionAgree: null,
      noticeSeen: '',
      invitationCode: '',
      apiBase: '',
      setLocale: (locale) => set({ locale }),
      setDarkTheme: (darkTheme) => set({ darkTheme }),
      setPermissionAgree: (permissionAgree) => set({ permissionAgree }),
      setNoticeSeen: (noticeSeen) => set({ noticeSeen }),
      setInvitationCode: (invitationCode) => set({ invitationCode }),
      setApiBase: (apiBase) => set({ apiBase }),
    }),
    {
      name: SETTINGS_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s): Persisted => ({
        locale: s.locale,
        darkTheme: s.darkTheme,
        permissionAgree: s.permissionAgree,
        noticeSeen: s.noticeSeen,
        invitationCode: s.invitationCode,
        apiBase: s.apiBase,
      }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<Persisted>;
        const locale = p.locale && (LOCALES as readonly string[]).includes(p.locale) ? p.locale : null;
        return {
          ...current,
          locale,
          darkTheme: typeof p.darkTheme === 'boolean' ? p.darkTheme : true,
          permissionAgree: typeof p.permissionAgree === 'boolean' ? p.permissionAgree : null,
          noticeSeen: str(p.noticeSeen),
          invitationCode: str(p.invitationCode),
          apiBase: /^https?:\/\//.test(str(p.apiBase)) ? str(p.apiBase) : '',
        };
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

/**
 * Spec §4 "Dark theme": light/dark CSS variables (styles/tokens.css). The browser bar colour is the operator's theme
 * colour (lib/themeColor.ts).
 */
export function applyTheme(dark: boolean, doc: Document | undefined = globalThis.document): void {
  if (!doc) return;
  const scheme = dark ? 'dark' : 'light';
  doc.documentElement.setAttribute('data-prefers-color-scheme', scheme);
  doc.querySelector('meta[name="color-scheme"]')?.setAttribute('content', scheme);
}
