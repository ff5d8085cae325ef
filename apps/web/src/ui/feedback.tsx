/**
 * Toasts and confirm dialogs (antd-mobile's imperative API). antd-mobile 5 renders those with the React 18 API by
 * default; on React 19 it needs a createRoot-based renderer, set here once before the first use.
 */
import { Dialog, Toast, unstableSetRender } from 'antd-mobile';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { openRoots } from './overlayRoots';

let renderSet = false;

/** Install antd-mobile's React 19 renderer for its imperative Toast and Dialog (once; every helper here calls it). */
export function ensureRender(): void {
  if (renderSet) return;
  renderSet = true;
  unstableSetRender((node, container) => {
    let root = openRoots.get(container);
    if (!root) {
      root = createRoot(container);
      openRoots.set(container, root);
    }
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (openRoots.get(container) !== root) return;
      root.unmount();
      openRoots.delete(container);
    };
  });
}

/**
 * Where toasts and dialogs render: inside the element in native fullscreen (e.g. the player box), else the body. The
 * browser shows only the fullscreen element's subtree, so a toast on the body would be invisible there.
 */
export function overlayContainer(): HTMLElement {
  return (globalThis.document?.fullscreenElement as HTMLElement | null) ?? document.body;
}

/** A short message (server messages, validation messages, results); visible in native fullscreen too. */
export function toast(content: string, icon?: 'success' | 'fail'): void {
  ensureRender();
  Toast.show({
    content: <span data-testid="toast">{content}</span>,
    icon,
    maskClickable: true,
    getContainer: overlayContainer,
  });
}

/** A confirm dialog (in the fullscreen element when there is one); resolves true on confirm. */
export function confirm(options: {
  title?: ReactNode;
  content: ReactNode;
  confirmText: ReactNode;
  cancelText: ReactNode;
}): Promise<boolean> {
  ensureRender();
  return Dialog.confirm({ ...options, getContainer: overlayContainer });
}

/** A failed write's toast: the error's message (the server's, translated by it), or `fallback` when it has none. */
export function toastError(err: unknown, fallback: string): void {
  toast(err instanceof Error && err.message ? err.message : fallback, 'fail');
}
