import { type ComponentProps, type ComponentType, createElement, lazy } from 'react';

/** Spec §8: a page chunk that has not arrived after 60 s is reported as failed. */
export const CHUNK_TIMEOUT_MS = 60_000;

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chunk load timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A lazily loaded page (React.lazy + the chunk timeout). Once its chunk has arrived, e.g. through `preload()` before
 * the first render, the page renders directly: React.lazy would suspend once anyway, and React holds a revealed
 * Suspense boundary back for up to 300 ms.
 */
// biome-ignore lint/suspicious/noExplicitAny: mirrors React.lazy's own signature
export function lazyPage<P extends ComponentType<any>>(load: () => Promise<{ default: P }>) {
  let loaded: P | undefined;
  let loading: Promise<{ default: P }> | undefined;
  const start = () => {
    loading ??= withTimeout(load(), CHUNK_TIMEOUT_MS).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(start);
  function Page(props: ComponentProps<P>) {
    return createElement(loaded ?? Lazy, props);
  }
  /** Start loading the chunk; resolves once the page can render without suspending. */
  Page.preload = (): Promise<void> => start().then(() => undefined);
  return Page;
}
