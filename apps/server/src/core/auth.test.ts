/**
 * Route guards come from the contract's `auth` (core/auth.ts, core/routes.ts): a route registered without naming
 * any guard still runs the one its endpoint asks for, and with no authenticator registered it refuses (fail closed).
 */
import { serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionAuth, setAuthenticator } from './auth.ts';
import { registerErrorHandling, unauthorized } from './errors.ts';
import { requestContext } from './request-context.ts';
import { defineRoute } from './routes.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A bare app with the core plugins and two routes registered with no guard argument: `logout` (auth: 'user')
 * and `adminLogout` (auth: 'admin'). `calls` counts the handler runs. */
async function bareApp(calls: { n: number }) {
  const a = Fastify({ logger: false });
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(a);
  await a.register(requestContext);
  await a.register(sessionAuth);
  const ok = { code: 1 as const, msg: 'ok' };
  defineRoute(a, 'logout', async () => {
    calls.n++;
    return ok;
  });
  defineRoute(a, 'adminLogout', async () => {
    calls.n++;
    return ok;
  });
  return a;
}

describe('guards derived from the contract', () => {
  it('refuses an anonymous call to an auth route registered without a guard and without an authenticator', async () => {
    const calls = { n: 0 };
    app = await bareApp(calls);
    const user = await app.inject({ method: 'GET', url: '/api/user/logout' });
    expect(user.statusCode).toBe(401);
    expect(user.json().code).not.toBe(1);
    const admin = await app.inject({ method: 'POST', url: '/api/admin/logout', headers: { authorcode: 'x' } });
    expect(admin.statusCode).toBe(401);
    expect(calls.n).toBe(0);
  });

  it('runs the registered authenticator of the endpoint’s kind, and only that one', async () => {
    const calls = { n: 0 };
    app = await bareApp(calls);
    const seen: string[] = [];
    setAuthenticator(app, 'user', async (req) => {
      seen.push(`user:${req.client.authorcode}`);
      if (req.client.authorcode !== 'good') throw unauthorized();
    });
    expect((await app.inject({ method: 'GET', url: '/api/user/logout' })).statusCode).toBe(401);
    const signed = await app.inject({ method: 'GET', url: '/api/user/logout', headers: { authorcode: 'good' } });
    expect(signed.statusCode).toBe(200);
    expect(calls.n).toBe(1);
    // The viewer's authenticator never opens a console route; with no console authenticator it stays shut.
    const admin = await app.inject({ method: 'POST', url: '/api/admin/logout', headers: { authorcode: 'good' } });
    expect(admin.statusCode).toBe(401);
    expect(calls.n).toBe(1);
    expect(seen).toEqual(['user:', 'user:good']);
  });
});
