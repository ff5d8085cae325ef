import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { HashRouter, useLocation } from 'react-router';
import { closeEarlyPlayer } from '../features/player/hlsEngine';
import { changeLocale, i18n } from '../lib/i18n';
import { queryClient } from '../lib/queryClient';
import { paths } from '../lib/routes';
import { AntdLocaleProvider } from './antdLocale';
import { Launch } from './Launch';
import { PageTransition } from './PageTransition';
import { AppRoutes } from './router';
import { ScrollManager } from './ScrollManager';
import { useEffectiveLocale } from './useEffectiveLocale';

/** Keeps i18next on the chosen language; refetches failed queries so their messages come back translated. */
function LocaleSync() {
  const locale = useEffectiveLocale();
  const client = useQueryClient();
  useEffect(() => {
    if (i18n.language === locale) return;
    let cancelled = false;
    changeLocale(locale)
      .then(() => {
        if (!cancelled) void client.refetchQueries({ predicate: (q) => q.state.status === 'error' });
      })
      .catch((err: unknown) => console.error(err));
    return () => {
      cancelled = true;
    };
  }, [locale, client]);
  return null;
}

/** The early player (features/player/hlsEngine) is only for the title page it was started for: stopped elsewhere. */
function EarlyPlayerScope() {
  const { pathname } = useLocation();
  const onTitlePage = pathname.replace(/\/+$/, '').toLowerCase() === paths.detail;
  useEffect(() => {
    if (!onTitlePage) closeEarlyPlayer();
  }, [onTitlePage]);
  return null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdLocaleProvider>
        <HashRouter>
          <LocaleSync />
          <EarlyPlayerScope />
          <ScrollManager />
          <Launch />
          <PageTransition>
            <AppRoutes />
          </PageTransition>
        </HashRouter>
      </AntdLocaleProvider>
    </QueryClientProvider>
  );
}
