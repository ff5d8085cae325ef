/**
 * The theme colours of styles/tokens.css that must stay opaque: the bottom tab bar (app/TabLayout.module.css) sits over
 * scrolling content, and a translucent one let posters and text show through under the tab labels.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(`${import.meta.dirname}/tokens.css`, 'utf8');

/** Every value `name` is given in the stylesheet (one per theme block), in order. */
function declarations(name: string): string[] {
  return [...css.matchAll(new RegExp(`${name}\\s*:\\s*([^;]+);`, 'g'))].map((m) => (m[1] ?? '').trim());
}

/** True for a colour with no transparency: #rgb / #rrggbb, rgb() without an alpha, or an opaque variable. */
function opaque(value: string): boolean {
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) return true;
  if (/^rgb\(\s*\d+\s+\d+\s+\d+\s*\)$/.test(value)) return true;
  const variable = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  return variable ? declarations(variable).every(opaque) : false;
}

describe('theme colours', () => {
  it('gives the bottom tab bar an opaque background in both themes', () => {
    const values = declarations('--ov-tabbar-bg');
    expect(values.length).toBeGreaterThanOrEqual(2);
    expect(values.filter((v) => !opaque(v))).toEqual([]);
  });
});
