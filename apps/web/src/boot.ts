/**
 * Entry point. Tiny on purpose: it starts the current route's data, messages and (on the title page) player
 * engine right away, in parallel with the download of the app itself (`main.tsx`).
 */
import { startPreloads } from './app/preload';

startPreloads(window.location.hash, () => {
  import('./main').catch((error: unknown) => console.error(error));
});
