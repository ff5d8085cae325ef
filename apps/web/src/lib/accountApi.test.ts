import { endpoints } from '@openvod/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountApi, accountRoutes } from './accountApi';
import { useSession } from './session';

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('accountApi', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('uses the contract method and path of every call, and marks the user-only ones', () => {
    for (const [op, route] of Object.entries(accountRoutes)) {
      const ep = endpoints[op as keyof typeof endpoints];
      expect({ method: route.method, path: route.path }, op).toEqual({ method: ep.method, path: ep.path });
      expect(Boolean(route.auth), op).toBe((ep as { auth?: string }).auth === 'user');
    }
  });

  it('treats regCheck code 2 (name exists) as an answer, not a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, { code: 2, msg: 'taken', exists: true })),
    );
    await expect(accountApi.regCheck('abcdefgh')).resolves.toMatchObject({ code: 2, exists: true });
  });

  it('sends authorcode and ends the stored session on a 401 of a user-only call', async () => {
    useSession.getState().signIn('tok-1', { user_id: 3, user_name: 'bob' } as never);
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      reply(401, { code: 1401, msg: 'Unauthorized, please log in' }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(accountApi.checkLogin()).rejects.toMatchObject({ status: 401 });
    const headers = fetch.mock.calls[0]?.[1]?.headers as Record<string, string> | undefined;
    expect(headers?.authorcode).toBe('tok-1');
    expect(useSession.getState()).toMatchObject({ token: '', user: null });
  });

  it('keeps the session when a public call answers 401', async () => {
    useSession.getState().signIn('tok-2', { user_id: 3, user_name: 'bob' } as never);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(401, { code: 1401, msg: 'no' })),
    );
    await expect(accountApi.login({ user_name: 'bob', user_pwd: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().token).toBe('tok-2');
  });

  it('uploads the avatar as multipart with the field "file"', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => reply(200, { code: 1, msg: 'ok' }));
    vi.stubGlobal('fetch', fetch);
    await accountApi.portrait(new Blob(['x'], { type: 'image/png' }), 'a.png');
    const init = fetch.mock.calls[0]?.[1] as RequestInit;
    const form = init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('file')).toBeInstanceOf(Blob);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});
