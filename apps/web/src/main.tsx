import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './app/global.css';
import { AD_SLOT } from '@openvod/contract';
import { App } from './app/App';
import { parseHashRoute, takeAdsPreload, takeDetailPreload, whenEarlyStartSettled } from './app/preload';
import { preloadRoutePage } from './app/router';
import { adKeys } from './features/ads/adsApi';
import { catalogueKeys } from './features/catalogue/queries';
import { closeUnusableEarlyPlayer } from './features/player/hlsEngine';
import { initI18n } from './lib/i18n';
import { queryClient } from './lib/queryClient';
import { currentUserId } from './lib/session';
import { applyTheme, currentLocale, useSettings } from './lib/settings';
import { restoreThemeColor } from './lib/themeColor';

/** Hand the requests the boot script started (detail, player ads) to the query cache, so the title page joins them. */
function adoptPreloads() {
  const detail = takeDetailPreload();
  if (detail)
    void queryClient.prefetchQuery({
      queryKey: catalogueKeys.detail(detail.id, currentUserId()),
      queryFn: () => detail.info,
    });
  // The player slot's ads: the title page's pre-roll decision uses the boot script's answer (the one its early
  // player waited for), not a second request.
  const ads = takeAdsPreload();
  if (ads)
    void queryClient.prefetchQuery({
      queryKey: adKeys.slot(AD_SLOT.player, currentUserId()),
      queryFn: () => ads,
      retry: false,
    });
}

/**
 * After the first commit no early player starts any more; a failed one is stopped, a usable one waits for the title
 * page's player (app/App.tsx stops it when the viewer leaves the title page).
 */
function CloseEarlyPlayer() {
  useEffect(closeUnusableEarlyPlayer, []);
  return null;
}

async function start() {
  applyTheme(useSettings.getState().darkTheme);
  restoreThemeColor();
  adoptPreloads();
  const page = preloadRoutePage(parseHashRoute(window.location.hash).pathname)?.catch(() => {
    // The route's lazy page reports the failure.
  });
  // On a title page opened directly, render once the early player shows the first frame (see app/preload).
  await Promise.all([initI18n(currentLocale()), page, whenEarlyStartSettled()]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  createRoot(container).render(
    <StrictMode>
      <App />
      <CloseEarlyPlayer />
    </StrictMode>,
  );
  // The PWA app shell (src/pwa.ts), once the page has loaded: never in dev, never before the first frame.
  if (import.meta.env.PROD) {
    const register = () =>
      void import('./pwa').then((pwa) => pwa.registerServiceWorker()).catch((error: unknown) => console.warn(error));
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}

void start();
