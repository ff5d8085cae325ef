/**
 * The storage port for files users upload (avatars now; feedback pictures and poster backgrounds later): one
 * interface, two adapters (DESIGN.md §1 "storage port", §9 scale-out).
 *
 * - `folder` (default): files under a folder of the data folder (`DATA_DIR/media/<key>`), written through a
 *   temporary file and a rename, so a reader never sees half a file.
 * - `s3`: an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Aliyun OSS's S3 API ...) through the AWS SDK's S3
 *   client, chosen when `S3_ENDPOINT` (or `S3_REGION` for AWS itself) and `S3_BUCKET` are set, with the keys
 *   `S3_ACCESS_KEY_ID` / `S3_SECRET_ACCESS_KEY`. Every server process then reads and writes the same files, which is
 *   what several `api` processes behind one address need (docs/operations.md).
 *
 * Keys are relative paths of safe segments (`avatars/12-3fa1.jpg`): letters, digits, `-`, `_`, `.`, joined by `/`,
 * never `..`. The server serves a stored key at `/media/<key>` (app.ts registers the route for each uploaded
 * folder), whichever adapter holds it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3ClientConfig } from '@aws-sdk/client-s3';

/** A stored object read back: its bytes as a stream, with what is known of its type and size. */
export interface StoredObject {
  body: Readable;
  /** MIME type given at `put` (the folder adapter derives it from the extension). */
  contentType: string;
  /** Bytes, when known. */
  length: number | undefined;
}

/** Where uploaded files live. Every method throws an Error on a storage failure (the caller's envelope shows 5xx-free codes). */
export interface FileStorage {
  /** `folder` or `s3`: shown in the console's and log's description of the server. */
  readonly kind: 'folder' | 's3';
  /** Store `body` under `key` (replacing what was there). Throws on an invalid key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object under `key`, or null when there is none (or the key is invalid). */
  get(key: string): Promise<StoredObject | null>;
  /** Remove `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

/** True for a key of 1-8 safe segments (see the module comment). */
export function isStorageKey(key: string): boolean {
  const parts = key.split('/');
  return parts.length >= 1 && parts.length <= 8 && parts.every((p) => SEGMENT.test(p) && !p.includes('..'));
}

function checkKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

/** Storage in a local folder (`root`, created when missing). */
export function folderStorage(root: string): FileStorage {
  const abs = (key: string) => path.join(root, ...key.split('/'));
  return {
    kind: 'folder',
    async put(key, body) {
      checkKey(key);
      const file = abs(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.tmp`);
      await fs.promises.writeFile(tmp, body);
      await fs.promises.rename(tmp, file);
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const file = abs(key);
      let size: number;
      try {
        const st = await fs.promises.stat(file);
        if (!st.isFile()) return null;
        size = st.size;
      } catch {
        return null;
      }
      return {
        body: fs.createReadStream(file),
        contentType: TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        length: size,
      };
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await fs.promises.rm(abs(key), { force: true });
    },
  };
}

/** Settings of the `s3` adapter (from S3_* variables, config/config.ts). */
export interface S3StorageOptions {
  /** Endpoint URL of an S3-compatible service; undefined = AWS S3 of `region`. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addressing (`endpoint/bucket/key`), which most self-hosted S3 servers need. */
  forcePathStyle: boolean;
  /** Prefix put before every key in the bucket (e.g. `openvod/`), '' for none. */
  prefix: string;
}

/**
 * Storage in an S3-compatible bucket (the bucket must exist). The AWS SDK (tens of MB in memory) is loaded at the
 * first use, so a server without S3 never loads it.
 */
export function s3Storage(opts: S3StorageOptions): FileStorage {
  const config: S3ClientConfig = {
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
  };
  if (opts.endpoint) config.endpoint = opts.endpoint;
  let sdk: Promise<{ s3: typeof import('@aws-sdk/client-s3'); client: import('@aws-sdk/client-s3').S3Client }>;
  const load = () => {
    sdk ??= import('@aws-sdk/client-s3').then((s3) => ({ s3, client: new s3.S3Client(config) }));
    return sdk;
  };
  const Key = (key: string) => `${opts.prefix}${key}`;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      checkKey(key);
      const { s3, client } = await load();
      await client.send(
        new s3.PutObjectCommand({ Bucket: opts.bucket, Key: Key(key), Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const { s3, client } = await load();
      try {
        const out = await client.send(new s3.GetObjectCommand({ Bucket: opts.bucket, Key: Key(key) }));
        if (!out.Body) return null;
        return {
          body:
            out.Body instanceof Readable ? out.Body : Readable.from(out.Body as unknown as AsyncIterable<Uint8Array>),
          contentType: out.ContentType ?? 'application/octet-stream',
          length: out.ContentLength,
        };
      } catch (err) {
        if (err instanceof s3.NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      const { s3, client } = await load();
      await client.send(new s3.DeleteObjectCommand({ Bucket: opts.bucket, Key: Key(key) }));
    },
  };
}
