import { type ComponentType, lazy } from 'react';

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

// biome-ignore lint/suspicious/noExplicitAny: mirrors React.lazy's own signature
export function lazyPage<P extends ComponentType<any>>(load: () => Promise<{ default: P }>) {
  return lazy(() => withTimeout(load(), CHUNK_TIMEOUT_MS));
}
