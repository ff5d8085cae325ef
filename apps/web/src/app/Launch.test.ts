/** The launch puts the operator's theme colour (app config `template.themeColor`) on the page (lib/themeColor.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_CONFIG } from '../lib/appConfig';
import { THEME_COLOR_KEY, THEME_COLOR_VAR } from '../lib/themeColor';

const getAppConfig = vi.hoisted(() => vi.fn());

vi.mock('../lib/accountApi', () => ({
  accountApi: new Proxy(
    { getAppConfig },
    {
      // Every other call of the launch (login check, guest sign-in) fails, as with no server.
      get: (target, name: string) =>
        name in target ? target[name as keyof typeof target] : () => Promise.reject(new Error(`offline: ${name}`)),
    },
  ),
}));

afterEach(() => {
  document.documentElement.style.removeProperty(THEME_COLOR_VAR);
  localStorage.clear();
});

describe('startLaunch', () => {
  it("sets the theme colour variable and the theme-color meta from the config's colour", async () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = '#1cc7a6';
    document.head.append(meta);
    getAppConfig.mockResolvedValue({
      code: 1,
      msg: '',
      info: { ...DEFAULT_APP_CONFIG, template: { themeColor: '#e11d48' } },
    });
    const { startLaunch } = await import('./Launch');
    // The colour is set as soon as the config is known, before the login check (which has no server here).
    void startLaunch(() => undefined).catch(() => undefined);
    await vi.waitFor(() => expect(document.documentElement.style.getPropertyValue(THEME_COLOR_VAR)).toBe('#e11d48'));
    expect(meta.content).toBe('#e11d48');
    expect(JSON.parse(localStorage.getItem(THEME_COLOR_KEY) ?? 'null')).toBe('#e11d48');
  });
});
