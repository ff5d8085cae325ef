/** AdMob SSV and uni-ad signature checks with real keys (node:crypto) served by a local key server. */
import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdmobKeyStore, uniadSign, verifyAdmobQuery, verifyUniadSign } from './signatures.ts';
import { admobQuery, type KeyServer, startKeyServer } from './test-helpers.ts';

let keys: KeyServer;
beforeAll(async () => {
  keys = await startKeyServer(1234567890);
});
afterAll(() => keys.close());

describe('AdMob SSV verification', () => {
  it('accepts a callback signed by the key server key and returns only the signed parameters', async () => {
    const store = new AdmobKeyStore(keys.url);
    const q = admobQuery(keys, { nonce: 'n-123/+=', userId: 42, transactionId: 'abc123' });
    const v = await verifyAdmobQuery(q, store);
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.params.get('custom_data')).toBe('n-123/+=');
    expect(v.params.get('user_id')).toBe('42');
    expect(v.params.get('transaction_id')).toBe('abc123');
    expect(v.params.has('key_id')).toBe(false);
  });

  it('refuses a changed parameter, a missing signature, another key and garbage', async () => {
    const store = new AdmobKeyStore(keys.url);
    const q = admobQuery(keys, { nonce: 'n1', userId: 42, transactionId: 't1' });
    expect(await verifyAdmobQuery(q.replace('user_id=42', 'user_id=43'), store)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(await verifyAdmobQuery(q.replace('custom_data=n1', 'custom_data=n2'), store)).toMatchObject({ ok: false });
    expect(await verifyAdmobQuery(q.split('&signature=')[0] as string, store)).toEqual({
      ok: false,
      reason: 'no_signature',
    });
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const forged = admobQuery(
      { privateKey: other.privateKey, keyId: keys.keyId },
      {
        nonce: 'n1',
        userId: 42,
        transactionId: 't1',
      },
    );
    expect(await verifyAdmobQuery(forged, store)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(await verifyAdmobQuery(q.replace(/key_id=\d+$/, 'key_id=99'), store)).toEqual({
      ok: false,
      reason: 'unknown_key',
    });
    expect(await verifyAdmobQuery(`${q.split('&signature=')[0]}&signature=AAAA&key_id=${keys.keyId}`, store)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('caches keys by id and refetches an unknown id at most once a minute', async () => {
    let now = 1_000_000;
    const store = new AdmobKeyStore(keys.url, fetch, () => now);
    const before = keys.hits();
    const q = admobQuery(keys, { nonce: 'n', userId: 1, transactionId: 't' });
    expect((await verifyAdmobQuery(q, store)).ok).toBe(true);
    expect((await verifyAdmobQuery(q, store)).ok).toBe(true);
    expect(keys.hits() - before).toBe(1);
    const unknown = q.replace(/key_id=\d+$/, 'key_id=7');
    await verifyAdmobQuery(unknown, store);
    expect(keys.hits() - before).toBe(1);
    now += 61_000;
    await verifyAdmobQuery(unknown, store);
    expect(keys.hits() - before).toBe(2);
    now += 25 * 3600 * 1000; // stale after 24 h
    await verifyAdmobQuery(q, store);
    expect(keys.hits() - before).toBe(3);
  });

  it('verifies a signature made over the exact raw bytes (percent-encoding kept as sent)', async () => {
    const store = new AdmobKeyStore(keys.url);
    const message = 'ad_network=1&custom_data=a%2Bb%20c&transaction_id=x&user_id=9';
    const sig = sign('sha256', Buffer.from(message), { key: keys.privateKey, dsaEncoding: 'der' }).toString(
      'base64url',
    );
    const v = await verifyAdmobQuery(`${message}&signature=${sig}&key_id=${keys.keyId}`, store);
    expect(v.ok && v.params.get('custom_data')).toBe('a+b c');
    // The same parameters encoded differently are not what was signed.
    const re = 'ad_network=1&custom_data=a%2Bb+c&transaction_id=x&user_id=9';
    expect((await verifyAdmobQuery(`${re}&signature=${sig}&key_id=${keys.keyId}`, store)).ok).toBe(false);
  });
});

describe('uni-ad sign', () => {
  it('is hex sha256 of "<secret>:<trans_id>"', () => {
    // echo -n "test-uniad-secret:trans-0001" | sha256sum
    expect(uniadSign('test-uniad-secret', 'trans-0001')).toBe(
      '51be7e1ede97174578a4a0708acf22ae084f67db575cef32a65fe843ce8499d6',
    );
  });

  it('accepts the right sign only', () => {
    const s = uniadSign('k', 't1');
    expect(verifyUniadSign('k', 't1', s)).toBe(true);
    expect(verifyUniadSign('k', 't1', s.toUpperCase())).toBe(true);
    expect(verifyUniadSign('k', 't2', s)).toBe(false);
    expect(verifyUniadSign('other', 't1', s)).toBe(false);
    expect(verifyUniadSign('', 't1', uniadSign('', 't1'))).toBe(false);
    expect(verifyUniadSign('k', 't1', 'zz')).toBe(false);
  });
});
