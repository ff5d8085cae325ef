import type { Locale } from '@openvod/contract';

export type Messages = Record<string, unknown>;

/** Each locale is its own chunk: only the active one is downloaded. */
const loaders = import.meta.glob<Messages>('../locales/*.json', { import: 'default' });

const loading = new Map<string, Promise<Messages>>();

/**
 * The messages of `locale`. Memoised, so the boot script can start the download before the app's code has arrived
 * and i18n init picks up the same request; a failed load is forgotten so a later call retries.
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  let promise = loading.get(locale);
  if (!promise) {
    const load = loaders[`../locales/${locale}.json`];
    promise = load ? load() : Promise.reject(new Error(`no messages for ${locale}`));
    loading.set(locale, promise);
    promise.catch(() => loading.delete(locale));
  }
  return promise;
}
