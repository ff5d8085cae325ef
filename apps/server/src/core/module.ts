/**
 * One shape per module (DESIGN.md §1, docs/architecture.md "Modules"): `modules/<m>/index.ts` exports a Fastify
 * plugin made with {@link defineModule}. The plugin builds the module's repository and services from
 * {@link ModuleContext} (`app.ctx`), puts its services on `app.services`, registers its routes (the console's routes
 * of its domain included), its jobs (`app.jobs`) and its event handlers (`app.events`). `app.ts` is a list of
 * `app.register(<module>)` in dependency order.
 *
 * Services reach each other through `app.services` without importing each other: each module declares what it puts
 * there by augmenting {@link Services},
 *
 * ```ts
 * declare module '../../core/module.ts' {
 *   interface Services { cast: CastService }
 * }
 * ```
 *
 * and a module that calls another's service at request time reads `app.services.<other>` then (a late-bound
 * closure), so two modules that need each other at run time never import each other (.dependency-cruiser.cjs).
 * A module that needs another's service while it is being built names it in `dependencies`; Fastify then refuses to
 * start when the list in app.ts has them in the wrong order.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config/config.ts';
import type { DbHandle } from '../db/client.ts';
import type { FileStorage } from './storage.ts';

/** What every module is built from: the app's configuration and shared connections (set up by app.ts). */
export interface ModuleContext {
  config: Config;
  db: DbHandle;
  /** Shared Redis connection with REDIS_URL (rate limits, counters, pub/sub); undefined without. */
  redis: Redis | undefined;
  /** Prefix of this installation's keys in Redis, e.g. `openvod:`. */
  redisPrefix: string;
  /** Folder served at /media/ (DATA_DIR/media by default). */
  mediaDir: string;
  /** Uploaded files: the media folder or an S3 bucket (core/storage.ts). */
  storage: FileStorage;
  /** Token of the local CLI (the lock file), accepted by the console's local sign-in. */
  localToken: string | undefined;
  /** Log `msg` at info level, or with `err` at error level. */
  log: (msg: string, err?: unknown) => void;
}

/** Module name → its services; filled by declaration merging in each module's index.ts (see above). */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in modules/<m>/index.ts
export interface Services {}

declare module 'fastify' {
  interface FastifyInstance {
    /** The modules' shared context (app.ts). */
    ctx: ModuleContext;
    /** Every module's services, by module ({@link Services}). */
    services: Services;
  }
}

/**
 * A module's plugin: `name` is the module's folder name (the plugin is named `openvod-<name>`), `dependencies` the
 * modules whose services it reads while it is built.
 */
export function defineModule(
  name: string,
  dependencies: readonly string[],
  register: (app: FastifyInstance, ctx: ModuleContext) => Promise<void> | void,
): FastifyPluginAsync {
  return fp(
    async (app: FastifyInstance) => {
      await register(app, app.ctx);
    },
    {
      name: `openvod-${name}`,
      dependencies: dependencies.map((d) => `openvod-${d}`),
      fastify: '5.x',
    },
  );
}
