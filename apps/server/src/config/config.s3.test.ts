/** S3_* settings of the storage port (config/config.ts, core/storage.ts). */
import { expect, it } from 'vitest';
import { loadConfig } from './config.ts';

it('no S3_BUCKET: uploads stay in the data folder', () => {
  expect(loadConfig({}).s3).toBeUndefined();
  expect(loadConfig({ S3_BUCKET: '', S3_ENDPOINT: '' }).s3).toBeUndefined();
});

it('S3_BUCKET with its keys: an S3 adapter, path-style by default with an endpoint', () => {
  const base = { S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
  expect(loadConfig({ ...base, S3_ENDPOINT: 'http://minio:9000', S3_PREFIX: 'ov/' }).s3).toEqual({
    bucket: 'media',
    endpoint: 'http://minio:9000',
    region: 'us-east-1',
    accessKeyId: 'id',
    secretAccessKey: 'secret',
    forcePathStyle: true,
    prefix: 'ov/',
  });
  expect(loadConfig({ ...base, S3_REGION: 'eu-west-1' }).s3).toMatchObject({
    endpoint: undefined,
    forcePathStyle: false,
  });
  expect(loadConfig({ ...base, S3_ENDPOINT: 'http://m', S3_FORCE_PATH_STYLE: '0' }).s3?.forcePathStyle).toBe(false);
});

it('a half-configured bucket stops the start with the variable named', () => {
  expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required/);
  expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET: required/);
  expect(() =>
    loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'i', S3_SECRET_ACCESS_KEY: 's', S3_PREFIX: 'x' }),
  ).toThrow(/S3_PREFIX/);
});
