import { describe, expect, it } from 'vitest';
import { guardJump, LOGIN_REQUIRED_PATHS, loginPath, paths, safeRedirect } from './routes';

describe('navigation guard (spec §2)', () => {
  it('sends a login-required jump without a user to the login page, remembering the target', () => {
    expect(guardJump(paths.personalCenter, 0)).toBe('/pages/login/index?redirect=%2Fpages%2Fme%2Fpersonal-center');
    expect(guardJump('/pages/me/plog/buy-center?x=1', 0)).toBe(
      '/pages/login/index?redirect=%2Fpages%2Fme%2Fplog%2Fbuy-center%3Fx%3D1',
    );
  });

  it('lets the jump through with a user, or when the page does not need one', () => {
    expect(guardJump(paths.personalCenter, 12)).toBe(paths.personalCenter);
    expect(guardJump(paths.search, 0)).toBe(paths.search);
    expect(guardJump(paths.me, 0)).toBe(paths.me);
  });

  it('honours an explicit login flag', () => {
    expect(guardJump(paths.search, 0, true)).toBe(loginPath(paths.search));
    expect(guardJump(paths.search, 3, true)).toBe(paths.search);
  });

  it('flags the money, profile and community pages', () => {
    for (const p of [paths.bindPhone, paths.buyCenter, paths.pointsCenter, paths.feedBack, paths.levelConfig]) {
      expect(LOGIN_REQUIRED_PATHS.has(p), p).toBe(true);
    }
    for (const p of [paths.home, paths.detail, paths.settings, paths.login, paths.recordList]) {
      expect(LOGIN_REQUIRED_PATHS.has(p), p).toBe(false);
    }
  });

  it('returns only to in-app pages after login', () => {
    expect(safeRedirect('/pages/me/personal-center')).toBe('/pages/me/personal-center');
    expect(safeRedirect('/pages/detail/mov-detail?id=3')).toBe('/pages/detail/mov-detail?id=3');
    expect(safeRedirect('https://evil.example/')).toBe(paths.me);
    expect(safeRedirect('//evil.example/pages/x')).toBe(paths.me);
    expect(safeRedirect('/pages/login/index')).toBe(paths.me);
    expect(safeRedirect(null)).toBe(paths.me);
    expect(loginPath(paths.login)).toBe(paths.login);
  });
});
