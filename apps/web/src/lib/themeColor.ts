/**
 * The operator's theme colour (app config `template.themeColor`, spec §3) on the page: the launch sets the CSS
 * variable `--ov-color-primary` on <html> from it, and styles/tokens.css derives every accent from that variable in
 * CSS (`--ov-accent`, antd-mobile's `--adm-color-primary`, the ink on them, tints through color-mix()). The browser's
 * `<meta name="theme-color">` (the PWA's title and status bar) takes the same colour.
 *
 * The last colour applied is remembered on the device, so the next start shows it from the first frame instead of
 * switching from the built-in default once the config arrives.
 */
import { readJson, removeKey, writeJson } from './storage';

/** The CSS variable the launch sets (styles/tokens.css holds its default). */
export const THEME_COLOR_VAR = '--ov-color-primary';

/** localStorage key of the last theme colour applied (a CSS colour string). */
export const THEME_COLOR_KEY = 'openvod-theme-color';

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * The colour as a CSS colour value, or null when it is not one. Accepts hex (`#rgb`, `#rgba`, `#rrggbb`,
 * `#rrggbbaa`) and, where the browser can tell (`CSS.supports`), any other colour syntax (`rgb()`, `hsl()`, names);
 * never a value that refers to something else (`var()`, `env()`, `attr()`), since a custom property takes any text.
 */
export function parseThemeColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const color = value.trim();
  if (!color || /[;{}]|\b(?:var|env|attr)\(/i.test(color)) return null;
  if (HEX_COLOR.test(color)) return color;
  const css = globalThis.CSS;
  return typeof css?.supports === 'function' && css.supports('color', color) ? color : null;
}

/**
 * Put `color` on the page: `--ov-color-primary` on <html> and the theme-color meta, and remember it for the next
 * start. Returns false (and changes nothing) when `color` is not a CSS colour, so a bad config keeps the current one.
 */
export function applyThemeColor(color: unknown, doc: Document | undefined = globalThis.document): boolean {
  const value = parseThemeColor(color);
  if (!value || !doc) return false;
  doc.documentElement.style.setProperty(THEME_COLOR_VAR, value);
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', value);
  writeJson(THEME_COLOR_KEY, value);
  return true;
}

/** At start, before the config is fetched: the colour remembered from the last launch, if any (a bad one is dropped). */
export function restoreThemeColor(doc: Document | undefined = globalThis.document): void {
  const saved = readJson<unknown>(THEME_COLOR_KEY);
  if (saved === undefined) return;
  if (!applyThemeColor(saved, doc)) removeKey(THEME_COLOR_KEY);
}
