/**
 * Operator console service: accounts and sessions, title and category management, catalogue import and category
 * bindings (issue 2 §7).
 *
 * Sessions are opaque 32-byte tokens sent in the `authorcode` header and stored as sha256 hashes, valid 7 days.
 * Passwords are argon2id (@node-rs/argon2). The first start creates `admin`; its password comes from ADMIN_PASSWORD
 * or is generated and printed once. The local CLI token (written to the data-dir lock file, mode 0600) lets
 * `npm run import` act through the running server.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { ErrorCode, type ImportResult, type Locale } from '@openvod/contract';
import { AppError, unauthorized } from '../../core/errors.ts';
import { t } from '../../core/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import { FetchError } from '../../lib/safe-fetch.ts';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_FAILURES_PER_NAME, LOGIN_SLOWDOWN_MS } from '../accounts/accounts.service.ts';
import { LoginGuard, MemoryFailureCounter } from '../accounts/index.ts';
import type { ContentService } from '../content/content.service.ts';
import { collectText, collectUrl, FeedError, importCollected, localiseResult } from '../importer/importer.service.ts';
import * as repo from './admin.repo.ts';

export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
export const DEFAULT_ADMIN = 'admin';

export interface AdminPrincipal {
  admin_id: number;
  admin_name: string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface AdminServiceOptions {
  timeZone: string;
  allowPrivateFeeds: boolean;
  /** Token of the local CLI (`npm run import` while the server runs). */
  localToken?: string;
  /**
   * Whether the test payment channel is on (the billing module offers `fake`: FAKE_PAY, channel-registry.ts
   * fakePayEnabled), asked at each adminMe; the console shows a banner while it is.
   */
  fakePay?: () => boolean;
  /**
   * Failed console sign-ins per name and address (then 429 there) and per name (then slowed down), as the viewer
   * login counts them (accounts/limits.ts LoginGuard); index.ts passes Redis counters with REDIS_URL. Default: in
   * memory, 10 failures per 15 minutes (accounts.service.ts LOGIN_FAILURES_PER_NAME, LOGIN_FAILURE_WINDOW_MS).
   */
  loginGuard?: LoginGuard;
}

export class AdminService {
  /** Where failed console sign-ins are counted ({@link AdminServiceOptions.loginGuard}). */
  readonly loginGuard: LoginGuard;
  /** How the sign-in slow-down waits (a timer); tests replace it to record the wait. */
  delay: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * @param content the content module's service, read after an import to drop its catalogue caches (the content
   *   module may be built after this one)
   */
  constructor(
    private db: Db,
    private content: () => ContentService,
    private opts: AdminServiceOptions,
  ) {
    this.loginGuard =
      opts.loginGuard ??
      new LoginGuard(
        new MemoryFailureCounter(LOGIN_FAILURES_PER_NAME, LOGIN_FAILURE_WINDOW_MS),
        new MemoryFailureCounter(LOGIN_FAILURES_PER_NAME, LOGIN_FAILURE_WINDOW_MS),
        LOGIN_SLOWDOWN_MS,
      );
  }

  /** The operator's IANA time zone (the console shows times in it; adminLogin / adminMe `time_zone`). */
  timeZone(): string {
    return this.opts.timeZone;
  }

  /** Whether the test payment channel (`fake`) is on: the console shows a warning banner while it is (adminMe). */
  fakePay(): boolean {
    return this.opts.fakePay?.() ?? false;
  }

  /**
   * Create the first console account if there is none. Returns the generated password (to print once) or
   * undefined when an account exists or ADMIN_PASSWORD was given.
   */
  async ensureAdmin(password: string | undefined): Promise<string | undefined> {
    if ((await repo.countAdmins(this.db)) > 0) return undefined;
    const generated = password ? undefined : randomBytes(12).toString('base64url');
    await repo.insertAdminIfAbsent(this.db, DEFAULT_ADMIN, await hash(password ?? (generated as string)));
    return generated;
  }

  /**
   * Check name and password from address `ip`; returns a new session token. Throws 400 login_failed, and 429
   * rate_limited once this address guessed wrong too often on this name ({@link AdminServiceOptions.loginGuard}; a
   * name guessed at from many addresses is slowed down instead, so its owner still signs in).
   */
  async login(name: string, password: string, ip: string): Promise<{ token: string; info: AdminPrincipal }> {
    const verdict = await this.loginGuard.before(name, ip);
    if (verdict.kind === 'refuse') throw new AppError(429, ErrorCode.rateLimited, 'rate_limited');
    if (verdict.kind === 'slow') await this.delay(verdict.ms);
    const admin = await repo.adminByName(this.db, name);
    // Verify against a dummy hash when the name is unknown, so timing does not reveal account names.
    let ok = false;
    if (admin) ok = await verify(admin.admin_pwd, password);
    else await verify(DUMMY_HASH, password);
    if (!admin || !ok) {
      await this.loginGuard.failed(name, ip);
      throw new AppError(400, ErrorCode.generic, 'login_failed');
    }
    if (admin.admin_status !== 1) throw new AppError(400, ErrorCode.generic, 'login_failed');
    await this.loginGuard.succeeded(name, ip);
    const token = randomBytes(32).toString('base64url');
    // Expired sessions are dead weight: drop them when a new one is made.
    await repo.deleteExpiredSessions(this.db, new Date());
    await repo.insertSession(this.db, sha256(token), admin.admin_id, new Date(Date.now() + SESSION_TTL_MS));
    await repo.touchLoginTime(this.db, admin.admin_id, new Date());
    return { token, info: { admin_id: admin.admin_id, admin_name: admin.admin_name } };
  }

  /** The operator a token belongs to. Throws 401. */
  async authenticate(token: string): Promise<AdminPrincipal> {
    if (!token) throw unauthorized();
    const local = this.opts.localToken;
    if (local && token.length === local.length && timingSafeEqual(Buffer.from(token), Buffer.from(local))) {
      return { admin_id: 0, admin_name: 'cli' };
    }
    const row = await repo.sessionAdmin(this.db, sha256(token), new Date());
    if (!row) throw unauthorized();
    return row;
  }

  async logout(token: string): Promise<void> {
    await repo.deleteSession(this.db, sha256(token));
  }

  /**
   * Import a feed given by URL (API paged, `hours` = h=) or text. Feed and fetch problems become 400
   * import_failed with the reason; nothing is written then.
   */
  async import(
    body: { url?: string; content?: string; filename?: string; hours?: number },
    locale: Locale = 'zh-cn',
  ): Promise<ImportResult> {
    try {
      let feed: Awaited<ReturnType<typeof collectUrl>>;
      if (body.content !== undefined && body.content !== '')
        feed = collectText(body.content, body.filename ?? 'upload');
      else if (body.url)
        feed = await collectUrl(body.url, { allowPrivate: this.opts.allowPrivateFeeds, hours: body.hours });
      else throw new AppError(400, ErrorCode.validation, 'import_source_missing', {}, 'url');
      const result = await importCollected(this.db, feed, { timeZone: this.opts.timeZone });
      this.content().invalidate();
      return localiseResult(result, locale);
    } catch (err) {
      if (err instanceof FeedError || err instanceof FetchError) {
        const { key, params } = err;
        const page = err instanceof FeedError ? err.page : undefined;
        throw new AppError(400, ErrorCode.importFailed, 'import_failed', {
          reason: (locale) => (page ? t(locale, 'feed_page', { page }) : '') + t(locale, key, params),
        });
      }
      throw err;
    }
  }
}

// argon2id hash of a random string, used to equalise timing for unknown account names.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$l/aTN2HTOEBCipzOKFdgUg$4OTOFZfYk7STiE+vkd+CxYf+2CmKlYE7+JKy5LFNFwo';
