/**
 * The promotion poster and the identity QR (spec §2 reward-more and id-card; §7 createTempQrcode, createQrcode; §9
 * "save promotion QR"): which picture a member gets, where it is kept and what saving it pays. Drawing is
 * poster.draw.ts; pictures live on the storage port (core/storage.ts) under `posters/` and are served at
 * `/media/posters/<file>` (modules/media).
 *
 * - Links (what the QRs encode, packages/contract poster.ts): the poster `<PUBLIC_URL>/?code=<user_invite_code>`,
 *   the card `<PUBLIC_URL>/?code=<user_invite_code>&uid=<user_id>`. PUBLIC_URL is the operator's address of the
 *   server (config/config.ts), never a value a request brings.
 * - Cache: a picture's key is `posters/p-<user_id>-<hash>.png` (poster) or `posters/c-<user_id>-<hash>.png`
 *   (card), the hash covering everything drawn on it (background version, link, language, name, avatar, app
 *   name), so a change of any of them draws a new one and an unchanged one is drawn once.
 * - Background: the operator's picture, re-encoded to a {@link POSTER_WIDTH} x {@link POSTER_HEIGHT} JPEG, kept as
 *   `posters/bg-<version>.jpg`; its key and version are the `poster_background` setting (core/settings.ts).
 * - Saving ({@link save}): the poster's bytes, and the "save promotion QR" task (plog type 23) paid through the
 *   points module with the fixed reference `poster`, so the ledger's idempotency key
 *   (`task:<user>:23:<operator day>:poster`) pays it at most once a day whatever the number of saves.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CARD_SIZE,
  ErrorCode,
  type Locale,
  POSTER_HEIGHT,
  POSTER_WIDTH,
  type QrcodePicture,
  type QrcodeType,
} from '@openvod/contract';
import { AppError, badRequest } from '../../core/errors.ts';
import { t } from '../../core/i18n/messages.ts';
import { getSettings, setSetting } from '../../core/settings.ts';
import type { FileStorage } from '../../core/storage.ts';
import type { Db } from '../../db/client.ts';
import { loadSharp } from '../../lib/sharp.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { drawCard, drawPoster } from './poster.draw.ts';

/** The `app_setting` key of the poster background. */
export const POSTER_BG_SETTING = 'poster_background';
/** Changes whenever the drawing changes (poster.draw.ts), so cached pictures are drawn anew. */
const LAYOUT = 1;

/** The member fields a poster or card uses (of a mac_user row). */
export type PosterUser = Pick<
  UserRow,
  | 'user_id'
  | 'user_invite_code'
  | 'user_nick_name'
  | 'user_name'
  | 'user_portrait'
  | 'user_phone'
  | 'user_device_id'
  | 'imei'
>;

/** The stored background: its storage key and version (random hex, new at every upload). */
interface Background {
  key: string;
  version: string;
}

export interface PosterOptions {
  /** The address users reach the server at (PUBLIC_URL, no trailing slash). */
  publicUrl: string;
  storage: FileStorage;
  /** The app's name drawn on the default background (app config `app_share_name`). */
  appName: () => Promise<string>;
  /**
   * Pay the "save promotion QR" task (plog type 23) to `userId` for today; resolves to the points paid now (0 when
   * already paid today, switched off or capped). Wired to the points module in index.ts.
   */
  payTask: (userId: number) => Promise<number>;
  /** Whether a member is the device's automatic guest account (its generated name is never drawn). */
  isGuest: (user: PosterUser) => boolean;
}

const AVATAR_URL = /^\/media\/(avatars\/[\w-]+\.jpg)$/;

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

const storageDown = () => new AppError(503, ErrorCode.internal, 'storage_unavailable');

export class PosterService {
  constructor(
    readonly db: Db,
    private readonly opts: PosterOptions,
  ) {}

  /** The invitation link of `user` (the poster's QR). */
  inviteLink(user: Pick<PosterUser, 'user_invite_code'>): string {
    return `${this.opts.publicUrl}/?code=${encodeURIComponent(user.user_invite_code)}`;
  }

  /** The identity link of `user` (the card's QR). */
  cardLink(user: Pick<PosterUser, 'user_invite_code' | 'user_id'>): string {
    return `${this.inviteLink(user)}&uid=${user.user_id}`;
  }

  /** The operator's background, or null for the drawn default. */
  async background(): Promise<Background | null> {
    const v = (await getSettings(this.db, [POSTER_BG_SETTING]))[POSTER_BG_SETTING] as Partial<Background> | null;
    return v && typeof v.key === 'string' && typeof v.version === 'string' ? { key: v.key, version: v.version } : null;
  }

  private async read(key: string): Promise<Buffer | null> {
    let obj: Awaited<ReturnType<FileStorage['get']>>;
    try {
      obj = await this.opts.storage.get(key);
    } catch {
      throw storageDown();
    }
    return obj ? readAll(obj.body) : null;
  }

  private async exists(key: string): Promise<boolean> {
    let obj: Awaited<ReturnType<FileStorage['get']>>;
    try {
      obj = await this.opts.storage.get(key);
    } catch {
      throw storageDown();
    }
    obj?.body.destroy();
    return obj !== null;
  }

  private async put(key: string, body: Buffer, type: string): Promise<void> {
    await this.opts.storage.put(key, body, type).catch(() => {
      throw storageDown();
    });
  }

  /** The shown name of a member: the nickname, else the user name (never a guest account's generated one). */
  private nameOf(user: PosterUser): string {
    if (user.user_nick_name.trim()) return user.user_nick_name.trim();
    return this.opts.isGuest(user) ? '' : user.user_name;
  }

  /**
   * The poster of `user` in `locale`: its storage key, drawing it when no cached one exists (`bytes` is then the
   * PNG just drawn, else null). `sample` draws the console's preview (a sample name, no avatar).
   */
  private async poster(
    user: PosterUser,
    locale: Locale,
    sample = false,
  ): Promise<{ key: string; link: string; bytes: Buffer | null }> {
    const bg = await this.background();
    const link = this.inviteLink(user);
    const appName = await this.opts.appName();
    const name = sample ? t(locale, 'poster_sample_name') : this.nameOf(user);
    const portrait = sample ? '' : user.user_portrait;
    const hash = createHash('sha256')
      .update(JSON.stringify([LAYOUT, bg?.version ?? 'default', link, locale, name, portrait, appName]))
      .digest('hex')
      .slice(0, 20);
    const key = sample ? `posters/preview-${hash}.png` : `posters/p-${user.user_id}-${hash}.png`;
    if (await this.exists(key)) return { key, link, bytes: null };
    const avatarKey = AVATAR_URL.exec(portrait)?.[1];
    const png = await drawPoster({
      link,
      code: user.user_invite_code,
      name,
      avatar: avatarKey ? await this.read(avatarKey).catch(() => null) : null,
      background: bg ? await this.read(bg.key) : null,
      appName,
      codeLine: t(locale, 'poster_code_line', { code: user.user_invite_code }),
      hint: t(locale, 'poster_hint'),
      slogan: t(locale, 'poster_slogan'),
    });
    await this.put(key, png, 'image/png');
    return { key, link, bytes: png };
  }

  /** The identity QR of `user`: its storage key (drawn when not cached). */
  private async card(user: PosterUser): Promise<{ key: string; link: string }> {
    const link = this.cardLink(user);
    const hash = createHash('sha256')
      .update(JSON.stringify([LAYOUT, link]))
      .digest('hex')
      .slice(0, 20);
    const key = `posters/c-${user.user_id}-${hash}.png`;
    if (!(await this.exists(key))) await this.put(key, await drawCard(link), 'image/png');
    return { key, link };
  }

  /**
   * createTempQrcode: the member's picture to show, `type` card (identity QR, {@link CARD_SIZE} px square) or
   * poster ({@link POSTER_WIDTH} x {@link POSTER_HEIGHT}). Answers its address, the link its QR encodes and its
   * size. 503 storage_unavailable when the storage cannot be read or written.
   */
  async picture(user: PosterUser, type: QrcodeType, locale: Locale): Promise<QrcodePicture> {
    if (type === 'card') {
      const { key, link } = await this.card(user);
      return { type, url: `/media/${key}`, link, width: CARD_SIZE, height: CARD_SIZE };
    }
    const { key, link } = await this.poster(user, locale);
    return { type, url: `/media/${key}`, link, width: POSTER_WIDTH, height: POSTER_HEIGHT };
  }

  /**
   * createQrcode: save the poster. Answers its PNG bytes, a file name and the points the "save promotion QR" task
   * paid now; the task is paid only once the poster's bytes are in hand (never for a save that cannot be served).
   */
  async save(user: PosterUser, locale: Locale): Promise<{ png: Buffer; filename: string; point: number }> {
    const p = await this.poster(user, locale);
    const png = p.bytes ?? (await this.read(p.key)) ?? (await this.poster(user, locale)).bytes;
    if (!png) throw storageDown();
    const point = await this.opts.payTask(user.user_id);
    return { png, filename: `poster-${user.user_invite_code}.png`, point };
  }

  /** The console's view: the background's address (null: default), its version and a preview poster. */
  async adminSettings(locale: Locale) {
    const bg = await this.background();
    const sample: PosterUser = {
      user_id: 0,
      user_invite_code: 'ABCD2345',
      user_nick_name: '',
      user_name: '',
      user_portrait: '',
      user_phone: '',
      user_device_id: '',
      imei: '',
    };
    const preview = await this.poster(sample, locale, true);
    return {
      background: bg ? `/media/${bg.key}` : null,
      version: bg?.version ?? 'default',
      preview_url: `/media/${preview.key}`,
      width: POSTER_WIDTH,
      height: POSTER_HEIGHT,
    };
  }

  /**
   * Replace the background with the uploaded picture `buf` (JPEG, PNG or WebP by its content): re-encoded to a
   * {@link POSTER_WIDTH} x {@link POSTER_HEIGHT} JPEG (EXIF orientation applied, metadata dropped). 400
   * poster_bg_type for anything else or a picture that does not decode. The previous file is removed.
   */
  async setBackground(buf: Buffer): Promise<void> {
    const sharp = await loadSharp();
    let jpeg: Buffer;
    try {
      const meta = await sharp(buf, { failOn: 'error', limitInputPixels: 50_000_000 }).metadata();
      if (!['jpeg', 'png', 'webp'].includes(meta.format ?? '')) throw new Error(`format ${meta.format}`);
      jpeg = await sharp(buf, { failOn: 'error', limitInputPixels: 50_000_000 })
        .rotate()
        .resize(POSTER_WIDTH, POSTER_HEIGHT, { fit: 'cover' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 88 })
        .toBuffer();
    } catch {
      throw badRequest('poster_bg_type', {}, 'file');
    }
    const version = randomBytes(8).toString('hex');
    const key = `posters/bg-${version}.jpg`;
    await this.put(key, jpeg, 'image/jpeg');
    const old = await this.background();
    await setSetting(this.db, POSTER_BG_SETTING, { key, version } satisfies Background);
    if (old) await this.opts.storage.delete(old.key).catch(() => {});
  }

  /** Remove the background: posters go back to the drawn default. Removing when there is none is not an error. */
  async removeBackground(): Promise<void> {
    const old = await this.background();
    await setSetting(this.db, POSTER_BG_SETTING, {});
    if (old) await this.opts.storage.delete(old.key).catch(() => {});
  }
}
