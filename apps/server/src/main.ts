/**
 * Process entry: config -> data-dir lock (PGlite) -> database -> migrations (advisory lock) -> console account ->
 * demo seed -> listen -> the demo live channel (ffmpeg, live-demo.ts; `LIVE_DEMO=0` turns it off). SIGINT/SIGTERM
 * close the server (which stops the live channel's ffmpeg), then the database, then release the lock.
 *
 * Role (argv[2] or ROLE): `all` (default) or `migrate` (apply migrations and exit).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config/config.ts';
import { type DbHandle, openPglite, openPostgres } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { acquireLock, DataDirLockedError } from './lib/data-lock.ts';
import { startAccountJobs } from './modules/accounts/accounts.service.ts';
import { LiveDemo, liveDemoEnabled } from './modules/media/live-demo.ts';
import { SEED_LOCK_KEY, seedDemo } from './seed/demo.ts';

async function main() {
  const config = loadConfig();
  const role = process.argv[2] ?? process.env.ROLE ?? 'all';
  if (role !== 'all' && role !== 'migrate') throw new Error(`unknown role "${role}": use all or migrate`);
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
    const generated = await app.services.admin.ensureAdmin(config.adminPassword);
    if (generated) {
      // The password goes to the terminal only, never into the (shipped) JSON log.
      app.log.warn('console account "admin" created with a generated password (printed on stdout once)');
      process.stdout.write(
        `\n  Console account created: user "admin", password "${generated}" (shown once; set ADMIN_PASSWORD to choose it)\n\n`,
      );
    }
    if (config.demoContent) {
      const handle = db;
      await handle.withAdvisoryLock(SEED_LOCK_KEY, (locked) =>
        seedDemo(locked, { mediaDir: path.join(config.dataDir, 'media'), timeZone: config.timeZone, log }),
      );
      app.services.content.invalidate();
    }
    // Hourly: process account deletions past their 3 working days, drop expired VIPs to members.
    const jobs = startAccountJobs(db.db, log, {
      timeZone: config.timeZone,
      mediaDir: path.join(config.dataDir, 'media'),
      handlers: app.services.accounts.deletionHandlers,
    });
    app.addHook('onClose', async () => jobs.stop());
    // The demo live channel: started once the server listens, stopped (no orphan ffmpeg) when it closes.
    const live =
      config.demoContent && liveDemo
        ? new LiveDemo({ mediaDir: path.join(config.dataDir, 'media'), timeZone: config.timeZone, log })
        : undefined;
    if (live) app.addHook('onClose', async () => live.stop());
    const address = await app.listen({ port: config.port, host: config.host });
    const port = app.server.address();
    lock?.setPort(typeof port === 'object' && port ? port.port : config.port);
    ready = true;
    live?.start().catch((err: unknown) => app.log.error({ err }, 'live channel: ffmpeg could not be started'));
    process.stdout.write(
      `  OpenVod is ready: ${config.publicUrl}/ (listening on ${address}, database: ${db.kind})\n` +
        `  Console: ${config.publicUrl}/admin/\n`,
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
