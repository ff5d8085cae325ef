/**
 * Ownership of a PGlite data folder. PGlite does not lock its files, so two processes on one DATA_DIR would
 * corrupt it (research/toolchain.md §3). The server writes `DATA_DIR/openvod.lock` (mode 0600) with its pid, port
 * and a random local token; a second server refuses to start, and `npm run import` uses port + token to go through
 * the running server instead of opening the database itself. A lock whose pid is gone is stale and taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface LockInfo {
  pid: number;
  port: number;
  token: string;
  started: string;
}

export const LOCK_FILE = 'openvod.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    public dataDir: string,
    public holder: LockInfo,
  ) {
    super(
      `The data folder ${dataDir} is in use by another OpenVod process (pid ${holder.pid}, port ${holder.port}). ` +
        'Stop it first, or use another DATA_DIR.',
    );
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live holder of `dataDir`, or undefined when free or stale. */
export function readLock(dataDir: string): LockInfo | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as LockInfo;
    return alive(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

/** Take the lock or throw {@link DataDirLockedError}. Returns a release function and a setter for the port. */
export function acquireLock(dataDir: string, token: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const info: LockInfo = { pid: process.pid, port: 0, token, started: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeFileSync(fd, JSON.stringify(info));
      fs.closeSync(fd);
      return {
        setPort(port: number) {
          info.port = port;
          fs.writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
        },
        release() {
          try {
            const current = JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo;
            if (current.pid === process.pid) fs.rmSync(file, { force: true });
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readLock(dataDir);
      if (holder) throw new DataDirLockedError(dataDir, holder);
      fs.rmSync(file, { force: true }); // stale
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
