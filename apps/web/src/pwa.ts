/// <reference types="vite-plugin-pwa/client" />
/**
 * Service worker registration (the PWA app shell of issue 4: "the home page still shows content with the server
 * stopped"). The worker itself (`sw.js`) is generated at build time by vite-plugin-pwa (see vite.config.ts): it
 * precaches the app's files and serves index.html for page loads when the server cannot be reached; API calls and
 * media always go to the network. Loaded lazily by main.tsx in production builds only, after the first render, so
 * it costs the first frame nothing.
 */
import { registerSW } from 'virtual:pwa-register';

/**
 * Register `sw.js` (scope: the app's folder). A newer build's worker activates at once (`registerType:
 * 'autoUpdate'`) and this page reloads to run the new app. No-op where service workers are unavailable (plain
 * http on a LAN address, old browsers); a failed registration only means no offline start, so it is logged.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  registerSW({
    immediate: true,
    onRegisterError: (error: unknown) => console.warn('service worker registration failed', error),
  });
}
