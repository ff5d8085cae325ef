/**
 * Toasts and confirm dialogs (antd-mobile's imperative API). antd-mobile 5 renders those with the React 18 API by
 * default; on React 19 it needs a createRoot-based renderer, set here once before the first use.
 */
import { Dialog, Toast, unstableSetRender } from 'antd-mobile';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

let renderSet = false;

function ensureRender(): void {
  if (renderSet) return;
  renderSet = true;
  const roots = new WeakMap<Element | DocumentFragment, Root>();
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      roots.delete(container);
    };
  });
}

/** A short message (server messages, validation messages, results). */
export function toast(content: string, icon?: 'success' | 'fail'): void {
  ensureRender();
  Toast.show({ content: <span data-testid="toast">{content}</span>, icon, maskClickable: true });
}

/** A confirm dialog; resolves true on confirm. */
export function confirm(options: {
  title?: ReactNode;
  content: ReactNode;
  confirmText: ReactNode;
  cancelText: ReactNode;
}): Promise<boolean> {
  ensureRender();
  return Dialog.confirm(options);
}
