/**
 * `npm run import -- <file-or-url>... [--hours N]`: import MacCMS collect feeds (issue 2 §4).
 *
 * Each argument is a feed file (JSON or XML), a feed file URL, or a `provide/vod` API base URL (paged through
 * `ac=detail`; `--hours N` adds `h=N`, "updated in the last N hours"). Prints the counts per source.
 *
 * With PGlite (no DATABASE_URL) only one process may open the data folder: if the server runs, the import goes
 * through it (POST /api/admin/import with the local token from the lock file); otherwise this process takes the
 * lock itself. With DATABASE_URL it writes to PostgreSQL directly. Exit code 1 when any source failed.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ImportResult } from '@openvod/contract';
import { loadConfig } from '../config/config.ts';
import { type DbHandle, openPglite, openPostgres } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { acquireLock, DataDirLockedError, readLock } from '../lib/data-lock.ts';
import { FetchError } from '../lib/safe-fetch.ts';
import {
  collectText,
  collectUrl,
  FeedError,
  importCollected,
  localiseResult,
} from '../modules/importer/importer.service.ts';

export interface CliArgs {
  sources: string[];
  hours?: number;
}

export function parseArgs(argv: string[]): CliArgs {
  const sources: string[] = [];
  let hours: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--hours' || a === '-h') {
      hours = Number(argv[++i]);
      if (!Number.isInteger(hours) || hours < 1)
        throw new Error('--hours needs a whole number of hours, e.g. --hours 24');
    } else if (a.startsWith('--hours=')) {
      hours = Number(a.slice(8));
      if (!Number.isInteger(hours) || hours < 1)
        throw new Error('--hours needs a whole number of hours, e.g. --hours=24');
    } else sources.push(a);
  }
  if (sources.length === 0) throw new Error('usage: npm run import -- <feed file or collect URL>... [--hours N]');
  return { sources, hours };
}

const isUrl = (s: string) => /^https?:\/\//i.test(s);

/** English names of the category rights (MacCMS `group_popedom`; the console's `group.right.*` in en-us). */
const RIGHT_NAMES: Record<number, string> = {
  1: 'list',
  2: 'detail',
  3: 'play',
  4: 'download',
  5: 'free preview',
};

/**
 * The summary of one source: the counts, then each new category with the rights every group got from the catalogue
 * settings' default rights for new categories (as the console's import result shows them, apps/admin
 * pages/Import.tsx), the player codes the player table did not have (added under their code or the feed's name),
 * and each skipped title with its reason.
 */
export function formatResult(source: string, r: ImportResult): string {
  const lines = [
    `${source}: ${r.added} added, ${r.updated} updated, ${r.unchanged} unchanged, ${r.skipped.length} skipped` +
      ` (${r.pages} page${r.pages === 1 ? '' : 's'}, ${r.types_created} new categor${r.types_created === 1 ? 'y' : 'ies'})`,
  ];
  if (r.types_new.length > 0) {
    lines.push('  new categories got the default rights of new categories (change them in the console under Groups):');
    for (const type of r.types_new) {
      const groups = type.groups.map(
        (g) =>
          `${g.group_name}: ${g.rights.length ? g.rights.map((n) => RIGHT_NAMES[n] ?? `#${n}`).join(', ') : 'none'}`,
      );
      lines.push(`    "${type.type_name}" #${type.type_id}: ${groups.join('; ')}`);
    }
  }
  if (r.players_added.length > 0) {
    const players = r.players_added.map((p) => (p.show && p.show !== p.from ? `${p.from} ("${p.show}")` : p.from));
    lines.push(
      `  players not in the player table, added: ${players.join(', ')} (name them in the console under Players)`,
    );
  }
  for (const s of r.skipped) lines.push(`  skipped "${s.vod_name}": ${s.reason}`);
  return lines.join('\n');
}

type Importer = (source: string) => Promise<ImportResult>;

/** Import through a running server's API using the lock file's local token. */
export function viaServer(port: number, token: string, baseDir: string, hours?: number): Importer {
  return async (source) => {
    const body = isUrl(source)
      ? { url: source, hours }
      : { content: fs.readFileSync(path.resolve(baseDir, source), 'utf8'), filename: path.basename(source) };
    const res = await fetch(`http://127.0.0.1:${port}/api/admin/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorcode: token, 'accept-language': 'en-us' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; msg: string; info?: ImportResult };
    if (json.code !== 1 || !json.info) throw new Error(json.msg);
    return json.info;
  };
}

/** Import directly into a database handle. */
export function direct(
  db: DbHandle,
  opts: { timeZone: string; allowPrivate: boolean; baseDir: string; hours?: number },
): Importer {
  return async (source) => {
    const feed = isUrl(source)
      ? await collectUrl(source, {
          allowPrivate: opts.allowPrivate,
          hours: opts.hours,
          onPage: (pg, n) => n > 1 && process.stderr.write(`  page ${pg}/${n}\r`),
        })
      : collectText(fs.readFileSync(path.resolve(opts.baseDir, source), 'utf8'), path.basename(source));
    return localiseResult(await importCollected(db.db, feed, { timeZone: opts.timeZone }), 'en-us');
  };
}

export async function runImport(
  argv: string[],
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<number> {
  const args = parseArgs(argv);
  const config = loadConfig();
  const baseDir = process.env.INIT_CWD ?? process.cwd();
  for (const s of args.sources) {
    if (!isUrl(s) && !fs.existsSync(path.resolve(baseDir, s))) throw new Error(`no such file: ${s}`);
  }
  const directOpts = { timeZone: config.timeZone, allowPrivate: config.allowPrivateFeeds, baseDir, hours: args.hours };
  let importer: Importer;
  let cleanup = async () => {};
  if (config.databaseUrl) {
    const db = await openPostgres(config.databaseUrl, 2);
    await runMigrations(db);
    importer = direct(db, directOpts);
    cleanup = () => db.close();
  } else {
    const holder = readLock(config.dataDir);
    if (holder && holder.port > 0) {
      out(`OpenVod is running (pid ${holder.pid}): importing through http://127.0.0.1:${holder.port}`);
      importer = viaServer(holder.port, holder.token, baseDir, args.hours);
    } else if (holder) {
      throw new DataDirLockedError(config.dataDir, holder);
    } else {
      const lock = acquireLock(config.dataDir, randomBytes(16).toString('hex'));
      const db = await openPglite(path.join(config.dataDir, 'pglite'));
      await runMigrations(db);
      importer = direct(db, directOpts);
      cleanup = async () => {
        await db.close();
        lock.release();
      };
    }
  }
  let failed = 0;
  try {
    for (const source of args.sources) {
      try {
        out(formatResult(source, await importer(source)));
      } catch (err) {
        failed++;
        const known = err instanceof FeedError || err instanceof FetchError;
        out(`${source}: import failed: ${known ? (err as Error).message : String((err as Error).message ?? err)}`);
      }
    }
  } finally {
    await cleanup();
  }
  return failed > 0 ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runImport(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(err instanceof DataDirLockedError ? 2 : 1);
    },
  );
}
