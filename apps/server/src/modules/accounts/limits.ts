/**
 * Failure counters of the accounts area (issue 3 item 8: brute force on login is refused), in memory for one
 * process or in Redis when REDIS_URL is set, so every server process behind a load balancer sees the same counts.
 *
 * Which limit lives where (every one of them holds across processes once REDIS_URL is set):
 *
 * | limit | store |
 * |---|---|
 * | per-route requests per IP (login 30/min, reg 20/min, code sending 5/min ...) | @fastify/rate-limit: Redis store with REDIS_URL, else memory (app.ts) |
 * | failed logins per user name and address (10 per 15 min, then 429 for that address only) and per user name from every address (10 per 15 min, then each password check on it is slowed down, never refused) | {@link LoginGuard} over two {@link FailureCounter}s: {@link RedisFailureCounter} with REDIS_URL, else {@link MemoryFailureCounter} |
 * | registrations per IP per operator day (`reg_ip_daily_limit`) | the database (mac_user.user_reg_ip), counted and inserted under an advisory lock on the IP |
 * | SMS codes per number / per IP per day, 60 s resend, 5 tries | the database (sms_code), under advisory locks (modules/sms) |
 */

import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import type { LRUCache } from 'lru-cache';
import { MEMORY_KEYS_MAX } from '../../core/hit-counter.ts';
import { growingLru } from '../../core/lru.ts';

/** Counts failures per key within a fixed window that starts with the first failure. */
export interface FailureCounter {
  readonly max: number;
  readonly windowMs: number;
  /** True once `max` failures were recorded for `key` within the window. */
  blocked(key: string): Promise<boolean>;
  /** Record one failure for `key`. */
  fail(key: string): Promise<void>;
  /** Forget `key` (after a success). */
  reset(key: string): Promise<void>;
}

/** {@link FailureCounter} in this process's memory (an LRU of at most {@link MEMORY_KEYS_MAX} keys). */
export class MemoryFailureCounter implements FailureCounter {
  private hits: LRUCache<string, { n: number }>;
  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {
    this.hits = growingLru(MEMORY_KEYS_MAX, { ttl: windowMs, ttlAutopurge: false });
  }
  async blocked(key: string): Promise<boolean> {
    return (this.hits.get(key)?.n ?? 0) >= this.max;
  }
  async fail(key: string): Promise<void> {
    const entry = this.hits.get(key);
    if (entry) entry.n++;
    else this.hits.set(key, { n: 1 });
  }
  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }
}

/**
 * {@link FailureCounter} in Redis: one integer key `<prefix><name>` per counter, INCR plus PEXPIRE NX in one
 * MULTI (the window starts at the first failure and is not extended by later ones). Redis errors propagate: a
 * login fails with 500 rather than silently dropping the brute-force guard.
 */
export class RedisFailureCounter implements FailureCounter {
  constructor(
    private redis: Redis,
    private prefix: string,
    readonly max: number,
    readonly windowMs: number,
  ) {}
  async blocked(key: string): Promise<boolean> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0) >= this.max;
  }
  async fail(key: string): Promise<void> {
    const k = this.prefix + key;
    const res = await this.redis.multi().incr(k).pexpire(k, this.windowMs, 'NX').exec();
    const err = res?.find(([e]) => e)?.[0];
    if (err) throw err;
  }
  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

/**
 * The address part of a login-failure key: an IPv4 address as is, an IPv6 address by its /64 (one subscriber's
 * network: a single host can take any address in it, so counting per address would not hold it back).
 */
export function addressKey(ip: string): string {
  try {
    const addr = ipaddr.process(ip);
    if (addr.kind() === 'ipv4') return addr.toString();
    return `${(addr as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
  } catch {
    return ip;
  }
}

/** What {@link LoginGuard.before} decided for one login attempt. */
export type LoginVerdict =
  /** Check the password now. */
  | { kind: 'check' }
  /** Check the password after waiting `ms` (the account is being guessed at from many addresses). */
  | { kind: 'slow'; ms: number }
  /** Refuse with 429: this address guessed wrong too often on this account. */
  | { kind: 'refuse' };

/**
 * Password-guessing guard of one login form (spec §5 login), so strangers cannot lock an owner out:
 * - failures are counted per account and address together (`perAddress`, keys `<name>\n<address>`): an address
 *   with `max` failures on one account within the window is refused (429) on that account only;
 * - failures are also counted per account from every address (`perAccount`, keys `<name>`): once at `max`, every
 *   password check on that account waits {@link LoginGuard.slowDownMs} first (a slow-down, as a captcha would be),
 *   so the owner, from an address that did not guess, still signs in; only the wrong guesses are refused.
 * A success forgets the address's failures on the account (not the account-wide count, which expires with its
 * window, so a success cannot be used to lift the slow-down for the guessers).
 */
export class LoginGuard {
  constructor(
    readonly perAddress: FailureCounter,
    readonly perAccount: FailureCounter,
    /** Wait before each password check on an account with `perAccount.max` failures in its window. */
    readonly slowDownMs = 1000,
  ) {}

  private pair(name: string, ip: string) {
    return `${name}\n${addressKey(ip)}`;
  }

  /** Decide before checking a password for `name` from `ip`. */
  async before(name: string, ip: string): Promise<LoginVerdict> {
    if (await this.perAddress.blocked(this.pair(name, ip))) return { kind: 'refuse' };
    if (await this.perAccount.blocked(name)) return { kind: 'slow', ms: this.slowDownMs };
    return { kind: 'check' };
  }

  /** Record a wrong password (or unknown name) for `name` from `ip`. */
  async failed(name: string, ip: string): Promise<void> {
    await this.perAddress.fail(this.pair(name, ip));
    await this.perAccount.fail(name);
  }

  /** Record a success: the address's failures on the account are forgotten. */
  async succeeded(name: string, ip: string): Promise<void> {
    await this.perAddress.reset(this.pair(name, ip));
  }

  /** Forget every count of `name` for the addresses given and the account (tests, an operator's unlock). */
  async reset(name: string, ips: string[] = []): Promise<void> {
    for (const ip of ips) await this.perAddress.reset(this.pair(name, ip));
    await this.perAccount.reset(name);
  }
}
