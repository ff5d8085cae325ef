/** The storage port's two adapters (core/storage.ts): the data folder, and an S3-compatible bucket (s3rver). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../test/s3.ts';
import { type FileStorage, folderStorage, isStorageKey, s3Storage } from './storage.ts';

let s3: LocalS3;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-storage-'));

beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('storage keys', () => {
  it('takes safe relative paths and refuses traversal, absolute paths and odd characters', () => {
    expect(isStorageKey('avatars/12-3fa1.jpg')).toBe(true);
    for (const bad of ['', '/etc/passwd', 'avatars/../x.jpg', '..', 'a//b', 'a/.hidden', 'a b.jpg', 'a\\b', 'é.jpg']) {
      expect(isStorageKey(bad), bad).toBe(false);
    }
  });
});

const adapters: [string, () => FileStorage][] = [
  ['folder', () => folderStorage(root)],
  ['s3', () => s3.storage('inst-1/')],
];

describe.each(adapters)('%s adapter', (kind, make) => {
  it('stores, replaces, reads back and deletes an object', async () => {
    const storage = make();
    expect(storage.kind).toBe(kind);
    await storage.put('avatars/1-a.jpg', Buffer.from('first'), 'image/jpeg');
    await storage.put('avatars/1-a.jpg', Buffer.from('second version'), 'image/jpeg');
    const got = await storage.get('avatars/1-a.jpg');
    expect(got).not.toBeNull();
    expect(got?.contentType).toBe('image/jpeg');
    expect(got?.length).toBe('second version'.length);
    expect(await text(got?.body as NodeJS.ReadableStream)).toBe('second version');
    await storage.delete('avatars/1-a.jpg');
    expect(await storage.get('avatars/1-a.jpg')).toBeNull();
    // Deleting again, reading a missing or an invalid key: no error.
    await storage.delete('avatars/1-a.jpg');
    expect(await storage.get('avatars/none.jpg')).toBeNull();
    expect(await storage.get('../secret')).toBeNull();
    await expect(storage.put('../x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/invalid storage key/);
  });
});

it('the folder adapter writes under its root and leaves no temporary file', async () => {
  const storage = folderStorage(root);
  await storage.put('avatars/2-b.jpg', Buffer.from('bytes'), 'image/jpeg');
  expect(fs.readFileSync(path.join(root, 'avatars', '2-b.jpg'), 'utf8')).toBe('bytes');
  expect(fs.readdirSync(path.join(root, 'avatars')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
});

it('the s3 adapter keeps its objects under its prefix in the bucket, apart from another prefix', async () => {
  const make = (prefix: string) => s3.storage(prefix);
  await make('one/').put('avatars/3-c.jpg', Buffer.from('one'), 'image/jpeg');
  expect(await make('two/').get('avatars/3-c.jpg')).toBeNull();
  expect(await text((await make('one/').get('avatars/3-c.jpg'))?.body as NodeJS.ReadableStream)).toBe('one');
});

it('an unreachable S3 endpoint makes put and get throw (the routes answer 503)', async () => {
  const down = s3Storage({
    endpoint: 'http://127.0.0.1:9',
    bucket: 'b',
    region: 'us-east-1',
    accessKeyId: 'k',
    secretAccessKey: 's',
    forcePathStyle: true,
    prefix: '',
  });
  await expect(down.put('avatars/x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
  await expect(down.get('avatars/x.jpg')).rejects.toThrow();
});
