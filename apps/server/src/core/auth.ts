/**
 * Sessions and route guards (DESIGN.md §1, spec §3 `authorcode`). Every endpoint of the contract says who may call
 * it (`auth` in packages/contract/src/endpoint-type.ts: `'user'` a signed-in viewer, `'admin'` a console session,
 * absent: anyone); core/routes.ts derives the route's guard from that field alone ({@link guardFor}), so a route
 * cannot be registered without its guard.
 *
 * Who a session token belongs to is the accounts and admin modules' business: each registers its authenticator
 * with {@link setAuthenticator} when it is built (modules/accounts, modules/admin). The guards fail closed: an
 * `auth` kind with no authenticator registered refuses every call with 401, it never lets one through.
 */
import type { Endpoint } from '@openvod/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from './errors.ts';

/** Who may call an endpoint: the contract's `auth`. */
export type AuthKind = NonNullable<Endpoint['auth']>;

/**
 * Resolves the request's session (the `authorcode` header, `req.client.authorcode`) and sets what the module
 * puts on the request (`req.user` by accounts, `req.admin` by admin); throws an AppError (401, 403) otherwise.
 */
export type Authenticator = (req: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The registered authenticators by auth kind ({@link setAuthenticator}). */
    authenticators: Partial<Record<AuthKind, Authenticator>>;
  }
}

/** The session plugin: gives the app its (empty) authenticator table; register it before any route. */
export const sessionAuth = fp(
  async (app: FastifyInstance) => {
    app.decorate('authenticators', {});
  },
  { name: 'openvod-session-auth' },
);

/** Register the authenticator of `kind` (one per kind; a second registration replaces the first). */
export function setAuthenticator(app: FastifyInstance, kind: AuthKind, authenticate: Authenticator): void {
  app.authenticators[kind] = authenticate;
}

async function authenticateAs(kind: AuthKind, req: FastifyRequest): Promise<void> {
  const authenticate = req.server.authenticators?.[kind];
  // Fail closed: no authenticator for this kind means nobody is let in.
  if (!authenticate) throw unauthorized();
  await authenticate(req);
}

/** Guard of `auth: 'user'` endpoints: a signed-in viewer (`req.user`), 401/403 otherwise. */
export function requireUser(req: FastifyRequest): Promise<void> {
  return authenticateAs('user', req);
}

/** Guard of `auth: 'admin'` endpoints: a console session (`req.admin`), 401 otherwise. */
export function requireAdmin(req: FastifyRequest): Promise<void> {
  return authenticateAs('admin', req);
}

/** The guard an endpoint's `auth` asks for; undefined for a public endpoint. */
export function guardFor(auth: Endpoint['auth']): ((req: FastifyRequest) => Promise<void>) | undefined {
  if (auth === 'user') return requireUser;
  if (auth === 'admin') return requireAdmin;
  return undefined;
}
