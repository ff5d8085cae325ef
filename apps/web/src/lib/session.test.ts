import { beforeEach, describe, expect, it } from 'vitest';
import { clearSessionIfToken, currentUserId, isGuestUser, SESSION_KEY, useSession } from './session';

const user = { user_id: 4, user_name: 'a1b2c3d4', user_phone: '' } as Parameters<
  ReturnType<typeof useSession.getState>['signIn']
>[1];

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    useSession.getState().clear();
  });

  it('user_id is 0 when logged out and the user is stored locally after sign-in', () => {
    expect(currentUserId()).toBe(0);
    useSession.getState().signIn('tok', user);
    expect(currentUserId()).toBe(4);
    const stored = JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}');
    expect(stored.state).toMatchObject({ token: 'tok', user: { user_id: 4 } });
  });

  it('a refused request clears only the session it carried', () => {
    useSession.getState().signIn('new', user);
    clearSessionIfToken('old');
    expect(useSession.getState().token).toBe('new');
    clearSessionIfToken('new');
    expect(useSession.getState()).toMatchObject({ token: '', user: null });
  });

  it('ignores a user update when logged out', () => {
    useSession.getState().setUser(user);
    expect(useSession.getState().user).toBeNull();
  });

  it('drops malformed stored data', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ state: { token: 'x', user: { user_id: 'nope' } }, version: 1 }));
    await useSession.persist.rehydrate();
    expect(useSession.getState()).toMatchObject({ token: '', user: null });
  });

  it('recognises the device guest (no phone bound)', () => {
    expect(isGuestUser(user, 'a1b2c3d4')).toBe(true);
    expect(isGuestUser({ ...user, user_phone: '138****8000' }, 'a1b2c3d4')).toBe(false);
    expect(isGuestUser(user, 'ffffffff')).toBe(false);
    expect(isGuestUser(null, 'a1b2c3d4')).toBe(false);
  });
});
