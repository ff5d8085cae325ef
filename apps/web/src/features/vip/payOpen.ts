/**
 * Opening a payment (spec §4 "open payment") in the browser, from what `gopay` returned (contract PaymentAction):
 * - `redirect`: the provider's cashier URL (Alipay wap/page pay, WeChat H5, the fake gateway), opened in this tab;
 * - `form_html`: the provider's auto-submitting form (Alipay page pay); the form is parsed (its scripts are never run)
 *   and submitted in this tab;
 * - `qr` (WeChat Native) is shown as a QR code by the caller; `app_sdk` needs the native app and cannot open here.
 * This tab, as mobile payment pages expect (no pop-up to block, nothing to reopen): the buy tap goes to the cashier
 * after the order is created (no second tap inside the browser's user-gesture window), and the provider's return URL
 * (or the back button) brings the payer back to the app.
 *
 * The order being paid is remembered (localStorage) so that, when the payer comes back, the app checks that order
 * (PaymentFlow `check`) and asks only when its payment is still unknown.
 */
import type { PayScene } from '@openvod/contract';
import type { PaymentAction } from './billingApi';

const PENDING_KEY = 'openvod-pay-pending';

/** How the payment was opened: in this tab (the page is leaving), or not at all. */
export type Opened = { where: 'tab' } | { where: 'none' };

/** The order a payment was opened for and not yet answered, if any (and not older than a day). */
export function pendingPayment(): string | undefined {
  try {
    const raw = localStorage.getItem(PENDING_KEY);
    if (!raw) return undefined;
    const v = JSON.parse(raw) as { order_code?: unknown; at?: unknown };
    if (typeof v.order_code !== 'string' || typeof v.at !== 'number') return undefined;
    return Date.now() - v.at < 86_400_000 ? v.order_code : undefined;
  } catch {
    return undefined;
  }
}

export function setPendingPayment(orderCode: string | undefined): void {
  try {
    if (orderCode) localStorage.setItem(PENDING_KEY, JSON.stringify({ order_code: orderCode, at: Date.now() }));
    else localStorage.removeItem(PENDING_KEY);
  } catch {
    // storage unavailable: on return the app then checks only an order named in the return URL
  }
}

/** The pay scene of this browser (gopay `scene`): WeChat's in-app browser, a phone browser, else a desktop one. */
export function detectScene(ua: string = globalThis.navigator?.userAgent ?? ''): PayScene {
  if (/MicroMessenger/i.test(ua)) return 'wechat_browser';
  if (/Mobi|Android|iPhone|iPad|iPod|HarmonyOS/i.test(ua)) return 'h5';
  return 'pc';
}

/** `scene` when the channel can pay in it, else the channel's first scene (h5 when it lists none). */
export function pickScene(scene: PayScene, scenes: readonly PayScene[]): PayScene {
  return scenes.includes(scene) ? scene : (scenes[0] ?? 'h5');
}

/** Only http(s) addresses are opened (a provider URL is never run as `javascript:`). */
export function isWebUrl(url: string): boolean {
  try {
    const u = new URL(url, globalThis.location?.href);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

function submitForm(html: string, target: string): boolean {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const source = doc.querySelector('form');
  if (!source || !isWebUrl(source.getAttribute('action') ?? '')) return false;
  const form = document.createElement('form');
  form.method = source.getAttribute('method') || 'post';
  form.action = source.getAttribute('action') ?? '';
  form.acceptCharset = source.getAttribute('accept-charset') || 'utf-8';
  form.target = target;
  form.style.display = 'none';
  for (const input of source.querySelectorAll('input, textarea')) {
    const name = input.getAttribute('name');
    if (!name) continue;
    const field = document.createElement('input');
    field.type = 'hidden';
    field.name = name;
    field.value = input instanceof HTMLTextAreaElement ? input.value : (input.getAttribute('value') ?? '');
    form.appendChild(field);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
  return true;
}

/**
 * Open `action` for `orderCode` in this tab (see the module comment). `qr` and `app_sdk` open nothing. `nav` is where
 * a redirect goes (this window's location; tests pass their own).
 */
export function openPayment(
  orderCode: string,
  action: PaymentAction,
  nav: Pick<Location, 'assign'> = window.location,
): Opened {
  if (action.kind === 'redirect') {
    if (!isWebUrl(action.url)) return { where: 'none' };
    setPendingPayment(orderCode);
    nav.assign(action.url);
    return { where: 'tab' };
  }
  if (action.kind === 'form_html') {
    setPendingPayment(orderCode);
    if (submitForm(action.html, '_self')) return { where: 'tab' };
    setPendingPayment(undefined);
    return { where: 'none' };
  }
  return { where: 'none' };
}
