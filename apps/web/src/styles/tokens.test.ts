/**
 * The design tokens stay the one place for colours (styles/tokens.css): no other stylesheet of the app writes a
 * colour by hand, and every accent derives from the operator's theme colour variable the launch sets
 * (lib/themeColor.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const TOKENS = join(import.meta.dirname, 'tokens.css');

/**
 * Stylesheets allowed a colour literal, with the reason. Empty: the player's black stage, the scrims over video and
 * the VIP gold all have tokens (--ov-black, color-mix() of them, --ov-vip-*).
 */
const EXCEPTIONS: readonly string[] = [];

/** Every .css file under `dir` (CSS modules included). */
function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.css'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** `css` without its comments (a comment may name a colour). */
function withoutComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '');
}

/** The hex, rgb()/rgba() and hsl()/hsla() colours written in `css`. */
function colourLiterals(css: string): string[] {
  return withoutComments(css).match(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(/gi) ?? [];
}

/** The value given to `name` in each rule of `css`, in order. */
function declarations(css: string, name: string): string[] {
  return [...withoutComments(css).matchAll(new RegExp(`${name}\\s*:\\s*([^;]+);`, 'g'))].map((m) =>
    (m[1] ?? '').trim(),
  );
}

describe('design tokens', () => {
  it('keeps colour literals out of every stylesheet but styles/tokens.css', () => {
    const files = stylesheets(SRC).filter((file) => file !== TOKENS);
    expect(files.length).toBeGreaterThan(40);
    const offenders = files
      .map((file) => ({ file: relative(SRC, file), colours: colourLiterals(readFileSync(file, 'utf8')) }))
      .filter(({ file, colours }) => colours.length > 0 && !EXCEPTIONS.includes(file));
    expect(offenders).toEqual([]);
  });

  it('finds a literal when one is written (the check itself)', () => {
    expect(colourLiterals('.a { color: #1cc7a6; background: rgb(0 0 0 / 50%); } /* #fff */')).toEqual([
      '#1cc7a6',
      'rgb(',
    ]);
    expect(colourLiterals('.a { color: var(--ov-accent); }')).toEqual([]);
  });

  it('derives the accent and antd-mobile primary from the theme colour variable in every theme', () => {
    const css = readFileSync(TOKENS, 'utf8');
    const accents = declarations(css, '--ov-accent');
    // The dark and light themes, each with a fallback and a relative-colour form.
    expect(accents.length).toBeGreaterThanOrEqual(4);
    expect(accents.filter((value) => !value.includes('var(--ov-color-primary)'))).toEqual([]);
    expect(declarations(css, '--adm-color-primary')).toEqual(['var(--ov-accent)']);
    expect(declarations(css, '--ov-color-primary')).toHaveLength(1);
  });
});
