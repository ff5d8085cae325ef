/**
 * Process entry: config -> data-dir lock (PGlite) -> database -> migrations (advisory lock) -> console account ->
 * demo seed -> listen -> the demo live channel (ffmpeg, demo/live-demo.ts; `LIVE_DEMO=0` turns it off). SIGINT/SIGTERM
 * close the server (which stops the live channel's ffmpeg), then the database, then release the lock.
 *
 * Role (argv[2] or ROLE, docs/operations.md "Roles"):
 * - `all` (default): HTTP and jobs in one process;
 * - `api`: HTTP only; it sends jobs but runs no job handler;
 * - `worker`: jobs only (core/jobs.ts); its port answers /healthz and /readyz, nothing else;
 * - `migrate`: apply the migrations and install pg-boss's schema, then exit.
 * `api` and `worker` need DATABASE_URL: the embedded PGlite serves one process.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import v8 from 'node:v8';
import { buildApp } from './app.ts';
import { loadConfig } from './config/config.ts';
import { installJobs } from './core/jobs.ts';
import { type DbHandle, openPglite, openPostgres } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { LiveDemo, liveDemoEnabled } from './demo/live-demo.ts';
import { SEED_LOCK_KEY, seedDemo } from './demo/seed.ts';
import { acquireLock, DataDirLockedError } from './lib/data-lock.ts';

async function main() {
  const config = loadConfig();
  const role = process.argv[2] ?? process.env.ROLE ?? 'all';
  if (!['all', 'api', 'worker', 'migrate'].includes(role)) {
    throw new Error(`unknown role "${role}": use all, api, worker or migrate`);
  }
  if ((role === 'api' || role === 'worker') && !config.databaseUrl) {
    throw new Error(`ROLE=${role} needs DATABASE_URL (PostgreSQL): the embedded database serves one process, use all`);
  }
  // Read by V8 at each full collection, so it applies from here on (config.ts heapGrowingPercentOf).
  if (config.heapGrowingPercent !== undefined) {
    v8.setFlagsFromString(`--heap-growing-percent=${config.heapGrowingPercent}`);
  }
  const serves = role !== 'worker';
  const liveDemo = liveDemoEnabled(); // validated before anything starts
  const localToken = randomBytes(32).toString('base64url');
  const lock = config.databaseUrl ? undefined : acquireLock(config.dataDir, localToken);
  let db: DbHandle | undefined;
  try {
    db = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : await openPglite(path.join(config.dataDir, 'pglite'));
    await runMigrations(db);
    if (role === 'migrate') {
      await installJobs(db);
      await db.close();
      lock?.release();
      return;
    }
    let ready = false;
    const app = await buildApp({
      config,
      db,
      localToken,
      isReady: () => ready,
      logger: { level: config.logLevel },
    });
    const log = (msg: string) => app.log.info(msg);
    // Installed before the (possibly long) demo seed, so a stop during ffmpeg generation still closes PGlite.
    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      let code = 0;
      try {
        await app.close();
        await db?.close();
      } catch (err) {
        code = 1;
        process.stderr.write(`shutdown failed: ${err instanceof Error ? err.message : String(err)}\n`);
      } finally {
        lock?.release();
        process.exit(code);
      }
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    if (!serves) {
      // A worker's port: health and readiness only.
      app.addHook('onRequest', async (req, reply) => {
        const pathname = req.url.split('?')[0];
        if (pathname !== '/healthz' && pathname !== '/readyz') return reply.code(404).send({ code: 0, msg: 'worker' });
      });
    }
    const generated = serves ? await app.services.admin.ensureAdmin(config.adminPassword) : undefined;
    if (generated) {
      // The password goes to the terminal only, never into the (shipped) JSON log.
      app.log.warn('console account "admin" created with a generated password (printed on stdout once)');
      process.stdout.write(
        `\n  Console account created: user "admin", password "${generated}" (shown once; set ADMIN_PASSWORD to choose it)\n\n`,
      );
    }
    if (config.demoContent && serves) {
      const handle = db;
      await handle.withAdvisoryLock(SEED_LOCK_KEY, (locked) =>
        seedDemo(locked, { mediaDir: path.join(config.dataDir, 'media'), timeZone: config.timeZone, log }),
      );
      app.services.content.invalidate();
    }
    // The modules' jobs (core/jobs.ts): all and worker run them (once across processes); api only sends.
    await app.jobs.start({ work: role !== 'api' });
    // The demo live channel: started once the server listens, stopped (no orphan ffmpeg) when it closes.
    const live =
      config.demoContent && liveDemo && serves
        ? new LiveDemo({ mediaDir: path.join(config.dataDir, 'media'), timeZone: config.timeZone, log })
        : undefined;
    if (live) app.addHook('onClose', async () => live.stop());
    const address = await app.listen({ port: config.port, host: config.host });
    const port = app.server.address();
    lock?.setPort(typeof port === 'object' && port ? port.port : config.port);
    ready = true;
    live?.start().catch((err: unknown) => app.log.error({ err }, 'live channel: ffmpeg could not be started'));
    process.stdout.write(
      serves
        ? `  OpenVod is ready: ${config.publicUrl}/ (listening on ${address}, database: ${db.kind}, role: ${role})\n` +
            `  Console: ${config.publicUrl}/admin/\n`
        : `  OpenVod worker is running its jobs (health on ${address}/readyz, database: ${db.kind})\n`,
    );
  } catch (err) {
    await db?.close().catch(() => {});
    lock?.release();
    throw err;
  }
}

main().catch((err) => {
  if (err instanceof DataDirLockedError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`OpenVod failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
