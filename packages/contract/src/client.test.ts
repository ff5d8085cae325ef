import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type CallRequest, createCall, fillPath, resolveCall, routes } from './client.ts';
import { endpoints } from './endpoints.ts';
import { renderRoutes } from './routes-render.ts';

describe('routes.gen.ts', () => {
  it('is the rendering of the endpoint table (run `npm run routes` after changing an endpoint)', () => {
    const written = readFileSync(new URL('./routes.gen.ts', import.meta.url), 'utf8');
    expect(written).toBe(renderRoutes(endpoints));
  });

  it('holds every operation with its method, path and flags', () => {
    expect(Object.keys(routes)).toEqual(Object.keys(endpoints));
    for (const [op, ep] of Object.entries(endpoints)) {
      const r: { method: string; path: string; auth?: string; encrypted?: true; multipart?: true } =
        routes[op as keyof typeof routes];
      expect({ op, ...r }).toEqual({
        op,
        method: ep.method,
        path: ep.path,
        ...('auth' in ep ? { auth: ep.auth } : {}),
        ...('encrypted' in ep && ep.encrypted ? { encrypted: true } : {}),
        ...('multipart' in ep && ep.multipart ? { multipart: true } : {}),
      });
    }
  });
});

describe('createCall', () => {
  const sent: CallRequest[] = [];
  const call = createCall(async (req) => {
    sent.push(req);
    return { code: 1, msg: 'ok' };
  });

  it('fills the path, keeps query and body apart and passes the route flags', async () => {
    sent.length = 0;
    const controller = new AbortController();
    await call('getDetail', { params: { id: 42 }, signal: controller.signal });
    await call('codeLogin', { body: { phone: '13800138000', code: '1234' } as never });
    await call('adminSetDayCover', { params: { date: '2026-11-28' }, body: { vod_id: 1 } as never });
    expect(sent.map(({ signal, ...r }) => ({ ...r, signal: signal === controller.signal }))).toEqual([
      { op: 'getDetail', method: 'GET', path: '/api/vod/42', signal: true },
      {
        op: 'codeLogin',
        method: 'POST',
        path: '/api/user/code-login',
        body: { phone: '13800138000', code: '1234' },
        encrypted: true,
        signal: false,
      },
      {
        op: 'adminSetDayCover',
        method: 'PUT',
        path: '/api/admin/day-covers/2026-11-28',
        body: { vod_id: 1 },
        auth: 'admin',
        signal: false,
      },
    ]);
  });

  it('URI-encodes params and refuses a missing one', () => {
    expect(fillPath('/api/admin/players/:from', { from: 'a b/c' })).toBe('/api/admin/players/a%20b%2Fc');
    expect(() => fillPath('/api/vod/:id', {})).toThrow('missing path parameter id');
    expect(resolveCall('userInfo')).toEqual({ op: 'userInfo', method: 'POST', path: '/api/user/info', auth: 'user' });
  });

  it('types the answer from the response schema and requires params where the path has them', () => {
    expectTypeOf(call('getDetail', { params: { id: 1 } })).resolves.toHaveProperty('info');
    const neverRun = () => {
      // @ts-expect-error: getDetail's path has :id
      void call('getDetail', {});
      // @ts-expect-error: not an operation of the contract
      void call('noSuchOperation');
      // @ts-expect-error: bindPhone has a body
      void call('bindPhone');
    };
    expect(neverRun).toBeTypeOf('function');
  });
});
