import type { Locale } from '@openvod/contract';

/** Each interface language by its own name (shown the same in every locale). */
export const LANGUAGE_NAMES: Record<Locale, string> = {
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
