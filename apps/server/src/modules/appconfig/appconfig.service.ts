/**
 * App config and the published app version (spec §3 "App config", §4 Launch; issue 3 items 3 and 10).
 *
 * - `getAppConfig` answers every field of the contract's {@link AppConfig}: the operator's overrides, stored as
 *   one JSON object in `app_setting` key `app_config`, merged over {@link DEFAULT_APP_CONFIG}, plus what the server
 *   knows at run time (`sms_enabled`, `one_click_enabled`, `oauth_providers`, the effective `encrypt_state`). When the
 *   operator has not set a `menu`, it is the first four enabled top categories (`{type_id, type_name}`, special
 *   categories excluded). The result is cached in memory for {@link APP_CONFIG_TTL_MS}; an edit through this service
 *   drops the cache at once, other processes see it within the TTL (at once with REDIS_URL,
 *   {@link shareAppConfigInvalidation}).
 * - `checkUpdate`: the published version (`app_setting` key `app_version`, default {@link CURRENT_APP_VERSION}
 *   1.3.8 / 137); the operator publishes a newer one (both `version` and `version_code` must be greater).
 * - Server secrets (`secret`): a value from the environment, else random bytes generated once and kept in
 *   `app_setting` (`secret:<name>`), so every process of one installation agrees.
 * - {@link PayloadCipher} for the `encrypt_data` hook of core/routes.ts.
 */
import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_SETTINGS_DEFAULTS,
  type AdminAppConfig,
  APP_CONFIG_DEFAULTS,
  APP_RELEASE,
  type AppConfig,
  type AppConfigRuntimeField,
  type AppVersion,
} from '@openvod/contract';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { AppError, badRequest } from '../../core/errors.ts';
import type { PayloadCipher } from '../../core/routes.ts';
import type { Db } from '../../db/client.ts';
import { desEcbDecrypt, desEcbEncrypt } from '../../lib/des.ts';
import type { ContentService } from '../content/content.service.ts';
import * as repo from './appconfig.repo.ts';

export type AppConfigValue = z.infer<typeof AppConfig>;
/** The console's view: the public fields plus the server-side accounts settings. */
export type AdminAppConfigValue = z.infer<typeof AdminAppConfig>;
export type AppVersionValue = z.infer<typeof AppVersion>;
/** Fields the operator edits (the run-time ones are computed, `encrypt_key` comes from ENCRYPT_KEY). */
export type AppConfigOverrides = Partial<Omit<AdminAppConfigValue, AppConfigRuntimeField>>;

/**
 * The accounts settings the operator edits with the app config (AccountsOptions.settings, wired in app.ts):
 * read on every use, so a console edit applies to the next request (at once in the process that took the edit,
 * within {@link APP_CONFIG_TTL_MS} in the others).
 */
export interface AccountsAppSettings {
  keepalive_points: number;
  reg_ip_daily_limit: number;
  tourist_state: string;
}

export const APP_CONFIG_KEY = 'app_config';
export const APP_VERSION_KEY = 'app_version';
export const APP_CONFIG_TTL_MS = 30_000;

/** The app this server ships: the contract's APP_RELEASE (1.3.8 / 137), until the operator publishes a newer one. */
export const CURRENT_APP_VERSION: AppVersionValue = {
  ...APP_RELEASE,
  notes: '',
  url: '',
  force: false,
};

/**
 * Defaults of every operator-editable field: the contract's public defaults (APP_CONFIG_DEFAULTS, the same the viewer
 * app falls back to) plus the server-side accounts settings (ACCOUNT_SETTINGS_DEFAULTS).
 */
export const DEFAULT_APP_CONFIG: Required<AppConfigOverrides> = {
  ...APP_CONFIG_DEFAULTS,
  ...ACCOUNT_SETTINGS_DEFAULTS,
};

export interface AppConfigRuntime {
  smsEnabled: boolean;
  oneClickEnabled: boolean;
  oauthProviders: string[];
  /** 8-byte DES key (ENCRYPT_KEY); without it `encrypt_state` stays 0. */
  encryptKey: string | undefined;
}

/** Dotted numeric version compare: negative, 0 or positive. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export class AppConfigService {
  private cache: { value: AdminAppConfigValue; at: number } | undefined;
  private updateListeners: Array<() => Promise<void> | void> = [];
  private secrets = new Map<string, Buffer>();
  /** The clock (tests move it). */
  now: () => number = () => Date.now();

  /**
   * @param content the content module's service, read when the default menu is built (the content module may be
   *   registered after this one)
   */
  constructor(
    private db: Db,
    private content: () => ContentService,
    private runtime: AppConfigRuntime,
  ) {}

  /** Drop the cached config (after an operator edit). */
  invalidate(): void {
    this.cache = undefined;
  }

  /**
   * Call `listener` after every operator edit (index.ts with REDIS_URL: tell the other processes to drop their
   * cache, {@link shareAppConfigInvalidation}). A failing listener is reported by `update` only through its logs.
   */
  onUpdate(listener: () => Promise<void> | void): void {
    this.updateListeners.push(listener);
  }

  private async readSetting<T>(key: string): Promise<T | undefined> {
    return (await repo.readSetting(this.db, key)) as T | undefined;
  }

  /** The operator's stored overrides (only known fields survive). */
  async overrides(): Promise<AppConfigOverrides> {
    const stored = (await this.readSetting<Record<string, unknown>>(APP_CONFIG_KEY)) ?? {};
    const known = Object.keys(DEFAULT_APP_CONFIG);
    return Object.fromEntries(Object.entries(stored).filter(([k]) => known.includes(k))) as AppConfigOverrides;
  }

  /** Default menu: the first four enabled top categories, special categories excluded. */
  private async defaultMenu(): Promise<AppConfigValue['menu']> {
    const { raw } = await this.content().typeList();
    const parsed = JSON.parse(raw) as {
      list: Array<{ type_id: number; type_name: string }>;
      special: Record<string, number>;
    };
    const special = new Set(Object.values(parsed.special).filter((v) => v > 0));
    return parsed.list
      .filter((t) => !special.has(t.type_id))
      .slice(0, 4)
      .map((t) => ({ type_id: t.type_id, type_name: t.type_name }));
  }

  /**
   * adminGetAppConfig: every field including the server-side accounts settings, cached for
   * {@link APP_CONFIG_TTL_MS}. `encrypt_key` (the ENCRYPT_KEY value) is present only while `encrypt_state` is 1.
   */
  async getAdmin(): Promise<AdminAppConfigValue> {
    const at = this.now();
    if (this.cache && at - this.cache.at < APP_CONFIG_TTL_MS) return this.cache.value;
    const o = await this.overrides();
    const merged = { ...DEFAULT_APP_CONFIG, ...o };
    const encrypted = merged.encrypt_state === 1 && Boolean(this.runtime.encryptKey);
    const value: AdminAppConfigValue = {
      ...merged,
      menu: o.menu && o.menu.length > 0 ? o.menu : await this.defaultMenu(),
      encrypt_state: encrypted ? 1 : 0,
      ...(encrypted ? { encrypt_key: this.runtime.encryptKey } : {}),
      sms_enabled: this.runtime.smsEnabled,
      one_click_enabled: this.runtime.oneClickEnabled,
      oauth_providers: this.runtime.oauthProviders,
    };
    this.cache = { value, at };
    return value;
  }

  /**
   * getAppConfig: every field of spec §3 App config (plus `encrypt_key` while encryption is on, spec §7), without
   * the server-side accounts settings.
   */
  async get(): Promise<AppConfigValue> {
    const { keepalive_points: _k, reg_ip_daily_limit: _r, ...pub } = await this.getAdmin();
    return pub;
  }

  /** The accounts settings of the app config (see {@link AccountsAppSettings}). */
  async accountSettings(): Promise<AccountsAppSettings> {
    const c = await this.getAdmin();
    return {
      keepalive_points: Math.max(0, c.keepalive_points),
      reg_ip_daily_limit: Math.max(1, c.reg_ip_daily_limit),
      tourist_state: String(c.tourist_state),
    };
  }

  /**
   * adminUpdateAppConfig: merge `patch` (top-level fields replace) into the stored overrides and drop the cache.
   * Errors: 400 `encrypt_key_missing` when turning encryption on without ENCRYPT_KEY.
   */
  async update(patch: AppConfigOverrides): Promise<AdminAppConfigValue> {
    if (patch.encrypt_state === 1 && !this.runtime.encryptKey) {
      throw badRequest('encrypt_key_missing', {}, 'encrypt_state');
    }
    const current = await this.overrides();
    const next = { ...current };
    for (const [k, v] of Object.entries(patch)) {
      if (v !== undefined) (next as Record<string, unknown>)[k] = v;
    }
    await repo.writeSetting(this.db, APP_CONFIG_KEY, next);
    this.invalidate();
    for (const listener of this.updateListeners) {
      try {
        await listener();
      } catch {
        // The edit is stored; other processes then see it within APP_CONFIG_TTL_MS.
      }
    }
    return this.getAdmin();
  }

  /** The bindPhone reward (app config `bindPhonePoint`, default 2). */
  async bindPhonePoint(): Promise<number> {
    return Math.max(0, (await this.get()).bindPhonePoint);
  }

  /** The published app version (default {@link CURRENT_APP_VERSION}). */
  async version(): Promise<AppVersionValue> {
    const stored = await this.readSetting<AppVersionValue>(APP_VERSION_KEY);
    return stored ? { ...CURRENT_APP_VERSION, ...stored } : CURRENT_APP_VERSION;
  }

  /**
   * adminPublishAppVersion. Errors: 400 `app_version_not_newer` unless both `version` and `version_code` are
   * greater than the published ones.
   */
  async publishVersion(next: AppVersionValue): Promise<AppVersionValue> {
    const current = await this.version();
    if (next.version_code <= current.version_code || compareVersions(next.version, current.version) <= 0) {
      throw new AppError(400, 1001, 'app_version_not_newer', {
        version: current.version,
        code: current.version_code,
      });
    }
    await repo.writeSetting(this.db, APP_VERSION_KEY, next);
    return next;
  }

  /**
   * checkUpdate: `has_update` when the published `version_code` is greater than the client's (`versionCode` of the
   * body, else the `versionCode` header); with no code at all, by the dotted `version` (body, else header); with
   * neither, false.
   */
  async checkUpdate(client: { versionCode?: number; version?: string }) {
    const info = await this.version();
    let hasUpdate = false;
    if (client.versionCode !== undefined && client.versionCode > 0) hasUpdate = info.version_code > client.versionCode;
    else if (client.version) hasUpdate = compareVersions(info.version, client.version) > 0;
    return { has_update: hasUpdate, info };
  }

  /**
   * A server secret: `fromEnv` when given, else 32 random bytes generated once per installation and kept in
   * `app_setting` under `secret:<name>` (insert-if-absent, so concurrent processes agree).
   */
  async secret(name: string, fromEnv?: string): Promise<Buffer> {
    if (fromEnv) return Buffer.from(fromEnv, 'utf8');
    const cached = this.secrets.get(name);
    if (cached) return cached;
    const key = `secret:${name}`;
    await repo.insertSettingIfAbsent(this.db, key, randomBytes(32).toString('hex'));
    const value = Buffer.from(String((await repo.readSetting(this.db, key)) ?? ''), 'hex');
    if (value.length < 16) throw new Error(`server secret ${name} is unreadable`);
    this.secrets.set(name, value);
    return value;
  }

  /** The `encrypt_data` cipher for core/routes.ts: on when the operator set encrypt_state 1 and a key exists. */
  payloadCipher(): PayloadCipher {
    const key = this.runtime.encryptKey;
    return {
      enabled: async () => Boolean(key) && (await this.get()).encrypt_state === 1,
      decrypt: (data) => {
        if (!key) throw new Error('no ENCRYPT_KEY');
        return desEcbDecrypt(data, key);
      },
      encrypt: (text) => {
        if (!key) throw new Error('no ENCRYPT_KEY');
        return desEcbEncrypt(text, key);
      },
    };
  }
}

/**
 * With REDIS_URL: an operator edit in one process drops the cached app config of every process at once (Redis
 * pub/sub on `channel`), instead of within {@link APP_CONFIG_TTL_MS}, so the accounts settings and the public config
 * change live everywhere. `redis` is the shared connection (publishing); a duplicate connection subscribes.
 * Returns a function that closes the subscription.
 */
export async function shareAppConfigInvalidation(
  appConfig: AppConfigService,
  redis: Redis,
  channel: string,
): Promise<() => Promise<void>> {
  const sub = redis.duplicate();
  await sub.subscribe(channel);
  sub.on('message', (ch) => {
    if (ch === channel) appConfig.invalidate();
  });
  appConfig.onUpdate(async () => {
    await redis.publish(channel, String(Date.now()));
  });
  return async () => {
    await sub.quit();
  };
}
