/**
 * A clock a test can move (the promotion e2e: "after the hold, the clock moved on the server"). {@link now} is the
 * system time; {@link createClock} with a file (env TEST_CLOCK_FILE, config `testClockFile`) adds the whole seconds
 * written in that file (e.g. `691200` for 8 days; empty, missing or not a number = 0) to it, read again at every
 * call so a test moves time by rewriting the file. Refused at start when NODE_ENV=production (config/config.ts), like
 * the other development fakes. Used by the promotion module (hold release, operator days of earnings).
 */
import fs from 'node:fs';

/** The system time. */
export function now(): Date {
  return new Date();
}

/** The offset in seconds written in `file` (0 when it is missing, empty or not an integer). */
export function readClockOffset(file: string): number {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch {
    return 0;
  }
  return /^-?\d{1,10}$/.test(text) ? Number(text) : 0;
}

/** A clock: the system time, plus the offset in `testClockFile` when one is given. */
export function createClock(testClockFile?: string): () => Date {
  if (!testClockFile) return now;
  return () => new Date(Date.now() + readClockOffset(testClockFile) * 1000);
}
