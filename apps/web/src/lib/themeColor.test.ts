import { afterEach, describe, expect, it } from 'vitest';
import { applyThemeColor, parseThemeColor, restoreThemeColor, THEME_COLOR_KEY, THEME_COLOR_VAR } from './themeColor';

function meta(): HTMLMetaElement {
  let el = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!el) {
    el = document.createElement('meta');
    el.name = 'theme-color';
    el.content = '#1cc7a6';
    document.head.append(el);
  }
  return el;
}

afterEach(() => {
  document.documentElement.style.removeProperty(THEME_COLOR_VAR);
  localStorage.clear();
});

describe('parseThemeColor', () => {
  it('accepts hex colours and refuses what is not a colour', () => {
    expect(parseThemeColor('#E11D48')).toBe('#E11D48');
    expect(parseThemeColor(' #abc ')).toBe('#abc');
    expect(parseThemeColor('#14b8a680')).toBe('#14b8a680');
    expect(parseThemeColor('')).toBeNull();
    expect(parseThemeColor('#12345')).toBeNull();
    expect(parseThemeColor('var(--ov-danger)')).toBeNull();
    expect(parseThemeColor('red; background: url(x)')).toBeNull();
    expect(parseThemeColor(42)).toBeNull();
  });
});

describe('applyThemeColor', () => {
  it('sets the theme colour variable and the theme-color meta, and remembers the colour', () => {
    const tag = meta();
    expect(applyThemeColor('#e11d48')).toBe(true);
    expect(document.documentElement.style.getPropertyValue(THEME_COLOR_VAR)).toBe('#e11d48');
    expect(tag.content).toBe('#e11d48');
    expect(JSON.parse(localStorage.getItem(THEME_COLOR_KEY) ?? 'null')).toBe('#e11d48');
  });

  it('keeps the current colour when the config holds something else', () => {
    const tag = meta();
    applyThemeColor('#2563eb');
    expect(applyThemeColor('not a colour')).toBe(false);
    expect(document.documentElement.style.getPropertyValue(THEME_COLOR_VAR)).toBe('#2563eb');
    expect(tag.content).toBe('#2563eb');
  });
});

describe('restoreThemeColor', () => {
  it('puts back the colour of the last launch before the config arrives', () => {
    localStorage.setItem(THEME_COLOR_KEY, JSON.stringify('#7c3aed'));
    restoreThemeColor();
    expect(document.documentElement.style.getPropertyValue(THEME_COLOR_VAR)).toBe('#7c3aed');
  });

  it('drops a remembered value that is not a colour', () => {
    localStorage.setItem(THEME_COLOR_KEY, JSON.stringify('var(--x)'));
    restoreThemeColor();
    expect(document.documentElement.style.getPropertyValue(THEME_COLOR_VAR)).toBe('');
    expect(localStorage.getItem(THEME_COLOR_KEY)).toBeNull();
  });
});
