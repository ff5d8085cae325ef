/**
 * Ownership of a PGlite data folder. PGlite has no cross-process lock, so two processes on one DATA_DIR would
 * corrupt it (research/toolchain.md §3). The server takes the lock when it starts; a second server refuses to
 * start, and `npm run import` uses the holder's port + local token to go through the running server instead of
 * opening the database itself.
 *
 * Two files, with different jobs:
 * - `DATA_DIR/openvod.lock.d` is the lock itself, a directory held with `proper-lockfile`: `mkdir` is atomic (only
 *   one process can create it) and the holder refreshes its mtime every {@link UPDATE_MS}, so a lock whose mtime is
 *   older than {@link STALE_MS} belongs to a dead (or hung) process and may be taken over. A holder that finds its
 *   lock gone or changed (someone took it over) stops the process at once: it must not keep writing to a folder
 *   another process may now own.
 * - `DATA_DIR/openvod.lock` ({@link LOCK_FILE}, mode 0600) holds the holder's pid, port, local token and start time.
 *   It is only written while holding the lock, and always atomically (temp file + rename), so a reader never sees
 *   half-written JSON. It is informative only: the directory decides who holds the folder.
 *
 * Stale takeover: proper-lockfile removes a stale lock with `rmdir` + `mkdir`, and two processes that both saw the
 * same stale lock can then both succeed (the late one's `rmdir` removes the early one's fresh lock;
 * moxystudio/node-proper-lockfile#121). So proper-lockfile is told never to treat a lock as stale, and the takeover
 * is done here: the stale directory is first claimed by renaming it to a unique name (only one process can win that
 * rename), its mtime is checked again on the claimed copy (if it turns out fresh, someone took it over in between and
 * it is put back untouched), and only then is it deleted and the lock taken with the atomic `mkdir`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export interface LockInfo {
  pid: number;
  port: number;
  token: string;
  started: string;
}

/** Holder info (JSON) inside the data folder. */
export const LOCK_FILE = 'openvod.lock';
/** The lock directory inside the data folder. */
const LOCK_DIR = 'openvod.lock.d';
/** A lock not refreshed for this long is stale (its holder died or hangs) and may be taken over. */
const STALE_MS = 20_000;
/** How often the holder refreshes the lock's mtime. */
const UPDATE_MS = 5_000;
/** How long a reader waits for the info file of a held lock (the holder writes it right after taking the lock). */
const INFO_WAIT_MS = 1_000;

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

function lockDir(dataDir: string) {
  return path.join(path.resolve(dataDir), LOCK_DIR);
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function isHeld(dataDir: string): boolean {
  return lockfile.checkSync(path.resolve(dataDir), {
    lockfilePath: lockDir(dataDir),
    realpath: false,
    stale: STALE_MS,
  });
}

function parseInfo(text: string): LockInfo | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockInfo>;
    if (
      typeof v.pid === 'number' &&
      typeof v.port === 'number' &&
      typeof v.token === 'string' &&
      typeof v.started === 'string'
    ) {
      return { pid: v.pid, port: v.port, token: v.token, started: v.started };
    }
  } catch {
    // not (yet) valid JSON
  }
  return undefined;
}

/** The info file of a held lock; retried briefly, as the holder writes it just after taking the lock. */
function readHolderInfo(dataDir: string): LockInfo | undefined {
  const file = path.join(dataDir, LOCK_FILE);
  const deadline = Date.now() + INFO_WAIT_MS;
  for (;;) {
    let info: LockInfo | undefined;
    try {
      info = parseInfo(fs.readFileSync(file, 'utf8'));
    } catch {
      // missing: the holder has not written it yet
    }
    if (info) return info;
    if (Date.now() >= deadline || !isHeld(dataDir)) return undefined;
    sleepSync(25);
  }
}

/** Atomic write: a reader sees the old file or the new one, never a partial one. */
function writeInfo(dataDir: string, info: LockInfo) {
  const file = path.join(dataDir, LOCK_FILE);
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(tmp, JSON.stringify(info), { mode: 0o600, flag: 'wx' });
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/** The live holder of `dataDir`, or undefined when it is free (no lock, or a stale one). */
export function readLock(dataDir: string): LockInfo | undefined {
  if (!isHeld(dataDir)) return undefined;
  return readHolderInfo(dataDir);
}

/**
 * Claim a stale lock directory so that exactly one process removes it. Returns true when the stale lock is gone
 * (removed by us, or already gone) and taking the lock should be tried again; false when the lock is live.
 */
function takeOverStale(dir: string): boolean {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
  if (stat.mtimeMs >= Date.now() - STALE_MS) return false;
  const claimed = `${dir}.stale-${process.pid}-${randomBytes(6).toString('hex')}`;
  try {
    fs.renameSync(dir, claimed);
  } catch (err) {
    // Another process claimed it first (or its holder released it): try again from the start.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
  if (fs.statSync(claimed).mtimeMs >= Date.now() - STALE_MS) {
    // Between our stat and our rename someone took the lock over and made a fresh one: give it back unchanged
    // (same directory, same mtime, so its holder does not notice).
    try {
      fs.renameSync(claimed, dir);
    } catch {
      // a third process took the free name meanwhile; the first one notices its lock is gone and stops
    }
    return false;
  }
  fs.rmSync(claimed, { recursive: true, force: true });
  return true;
}

function onCompromised(dataDir: string) {
  return (err: Error) => {
    process.stderr.write(
      `OpenVod lost the lock on the data folder ${dataDir} (${err.message}); another process may own it now. ` +
        'Stopping to avoid corrupting it.\n',
    );
    process.exit(1);
  };
}

/** Take the lock or throw {@link DataDirLockedError}. Returns a release function and a setter for the port. */
export function acquireLock(dataDir: string, token: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const root = path.resolve(dataDir);
  const dir = lockDir(dataDir);
  let unlock: (() => void) | undefined;
  for (let attempt = 0; attempt < 5 && !unlock; attempt++) {
    try {
      unlock = lockfile.lockSync(root, {
        lockfilePath: dir,
        realpath: false,
        // Never stale for proper-lockfile: a stale lock is taken over by takeOverStale (see the module comment).
        stale: Number.POSITIVE_INFINITY,
        update: UPDATE_MS,
        onCompromised: onCompromised(dataDir),
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      if (!takeOverStale(dir)) {
        throw new DataDirLockedError(dataDir, readHolderInfo(dataDir) ?? { pid: 0, port: 0, token: '', started: '' });
      }
    }
  }
  if (!unlock) throw new Error(`could not take the lock ${dir}`);
  const release = unlock;
  const info: LockInfo = { pid: process.pid, port: 0, token, started: new Date().toISOString() };
  let released = false;
  try {
    writeInfo(dataDir, info);
  } catch (err) {
    released = true;
    release();
    throw err;
  }
  return {
    setPort(port: number) {
      info.port = port;
      if (!released) writeInfo(dataDir, info);
    },
    /** Idempotent. Removes the info file, then the lock. */
    release() {
      if (released) return;
      released = true;
      fs.rmSync(path.join(dataDir, LOCK_FILE), { force: true });
      try {
        release();
      } catch {
        // already released (or compromised, in which case the process is exiting)
      }
    },
  };
}
