/**
 * A local S3-compatible server for tests (s3rver, files in a temporary folder): the storage port's `s3` adapter
 * (core/storage.ts) is tested against it as against AWS S3 or MinIO.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { type FileStorage, s3Storage } from '../core/storage.ts';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* variables of a server using this bucket. */
  env: Record<string, string>;
  /** The storage port's S3 adapter on this bucket, its keys under `prefix` (default none). */
  storage(prefix?: string): FileStorage;
  close(): Promise<void>;
}

/** Start s3rver on a free loopback port with one empty bucket. */
export async function startLocalS3(bucket = 'openvod-test'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      // s3rver's fixed test credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    storage: (prefix = '') =>
      s3Storage({
        endpoint,
        bucket,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix,
      }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
