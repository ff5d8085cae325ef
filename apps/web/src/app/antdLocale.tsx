/**
 * antd-mobile's own texts (dialog buttons, picker confirm/cancel, pull-to-refresh, empty states, ...) in the app's
 * language: antd-mobile ships a locale per language (its default is zh-CN); Portuguese (Portugal) has none, so
 * pt-BR stands in. The locale is loaded when the language is first used, given to the tree through ConfigProvider
 * and set as antd-mobile's default config for the imperative Dialog and Toast, which render outside the tree.
 */
import type { Locale } from '@openvod/contract';
import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import type { base } from 'antd-mobile/es/locales/base';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { type ReactNode, useEffect, useState } from 'react';
import { useEffectiveLocale } from './useEffectiveLocale';

/** One of antd-mobile's locales (they all have the shape of its `base`). */
type AntdLocale = typeof base;
type Loader = () => Promise<{ default: AntdLocale }>;

/** antd-mobile's locale of each app language (loaded on demand; zh-CN is antd-mobile's built-in default). */
export const ANTD_LOCALES: Record<Locale, Loader> = {
  'zh-cn': async () => ({ default: zhCN }),
  'zh-tw': () => import('antd-mobile/es/locales/zh-TW'),
  'en-us': () => import('antd-mobile/es/locales/en-US'),
  'fr-fr': () => import('antd-mobile/es/locales/fr-FR'),
  'de-de': () => import('antd-mobile/es/locales/de-DE'),
  'es-es': () => import('antd-mobile/es/locales/es-ES'),
  'pt-pt': () => import('antd-mobile/es/locales/pt-BR'),
  'ja-jp': () => import('antd-mobile/es/locales/ja-JP'),
  'ko-kr': () => import('antd-mobile/es/locales/ko-KR'),
};

/** Gives antd-mobile the app's current language, and switches it when the language changes. */
export function AntdLocaleProvider({ children }: { children: ReactNode }) {
  const locale = useEffectiveLocale();
  const [antd, setAntd] = useState<AntdLocale>(zhCN);
  useEffect(() => {
    let cancelled = false;
    ANTD_LOCALES[locale]()
      .then((m) => {
        if (cancelled) return;
        setDefaultConfig({ locale: m.default });
        setAntd(m.default);
      })
      .catch((err: unknown) => console.error(err));
    return () => {
      cancelled = true;
    };
  }, [locale]);
  return <ConfigProvider locale={antd}>{children}</ConfigProvider>;
}
