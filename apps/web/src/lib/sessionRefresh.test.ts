import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from './session';
import { installSessionRefresh, userQueryStale } from './sessionRefresh';

const user = (user_id: number) => ({ user_id, user_name: `u${user_id}` }) as never;

describe('session refresh', () => {
  afterEach(() => useSession.getState().clear());

  it('marks the VIP and points queries and the new user’s per-user catalogue data stale', () => {
    expect(userQueryStale(['vip', 'groups', 7], 9)).toBe(true);
    expect(userQueryStale(['points', 'task', 7], 9)).toBe(true);
    expect(userQueryStale(['types', 9], 9)).toBe(true);
    expect(userQueryStale(['vod', 'detail', 5, 9], 9)).toBe(true);
    expect(userQueryStale(['ads', 12, 9], 9)).toBe(true);
    expect(userQueryStale(['types', 7], 9)).toBe(false);
    expect(userQueryStale(['vod', 'list', { type_id: 9 }], 9)).toBe(false);
    expect(userQueryStale(['home'], 9)).toBe(false);
    expect(userQueryStale(['app', 'config'], 9)).toBe(false);
  });

  it('a new session token invalidates them at once; a user info update does not', () => {
    const client = new QueryClient();
    client.setQueryData(['vip', 'groups', 9], { list: [] });
    client.setQueryData(['home'], {});
    useSession.getState().signIn('t1', user(9));
    const stop = installSessionRefresh(client);
    useSession.getState().setUser(user(9));
    expect(client.getQueryState(['vip', 'groups', 9])?.isInvalidated).toBe(false);
    useSession.getState().clear();
    useSession.getState().signIn('t2', user(9));
    expect(client.getQueryState(['vip', 'groups', 9])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['home'])?.isInvalidated).toBe(false);
    stop();
  });
});
