/**
 * Helpers of the rewards tests: a local AdMob-style key server with freshly generated ECDSA P-256 keys (real
 * signatures, node:crypto), an AdMob SSV callback signer, a uni-ad signer, and an own rewarded video ad.
 */
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { macAd } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { uniadSign } from './signatures.ts';

export const TEST_UNIAD_SECRET = 'test-uniad-secret';

export interface KeyServer {
  url: string;
  keyId: number;
  privateKey: KeyObject;
  /** Times the key list was fetched. */
  hits(): number;
  close(): Promise<void>;
}

/** Serve `{"keys": [{keyId, pem, base64}]}` (the AdMob key server's format) on 127.0.0.1 with a new P-256 key. */
export async function startKeyServer(keyId = 3335741209): Promise<KeyServer> {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const base64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [{ keyId, pem, base64 }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/verifier-keys.json`,
    keyId,
    privateKey,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The query string of an AdMob SSV callback (alphabetical parameters, then `signature` over everything before it
 * as web-safe base64 DER ECDSA/SHA-256, then `key_id`).
 */
export function admobQuery(
  key: Pick<KeyServer, 'privateKey' | 'keyId'>,
  p: { nonce: string; userId: number | string; transactionId: string; timestamp?: number },
): string {
  const message = new URLSearchParams({
    ad_network: '5450213213286189855',
    ad_unit: '1234567890',
    custom_data: p.nonce,
    reward_amount: '1',
    reward_item: 'view',
    timestamp: String(p.timestamp ?? Date.now()),
    transaction_id: p.transactionId,
    user_id: String(p.userId),
  }).toString();
  const signature = sign('sha256', Buffer.from(message), { key: key.privateKey, dsaEncoding: 'der' }).toString(
    'base64url',
  );
  return `${message}&signature=${signature}&key_id=${key.keyId}`;
}

/** The query string of a uni-ad callback signed with `secret`. */
export function uniadQuery(p: { nonce: string; userId: number; transId: string; secret?: string }): string {
  return new URLSearchParams({
    user_id: String(p.userId),
    trans_id: p.transId,
    reward_name: 'view',
    reward_amount: '1',
    extra: p.nonce,
    sign: uniadSign(p.secret ?? TEST_UNIAD_SECRET, p.transId),
  }).toString();
}

/** An own rewarded video ad (ad_show_type 1, ad_type 2) of `seconds` length. */
export async function makeRewardedAd(t: TestApp, seconds = 5) {
  const [ad] = await t.db.db
    .insert(macAd)
    .values({
      ad_name: 'Rewarded test ad',
      ad_local_type: 12,
      ad_type: 2,
      ad_show_type: 1,
      ad_video_url: '/media/ads/rewarded.mp4',
      ad_duration: seconds,
    })
    .returning();
  if (!ad) throw new Error('no ad');
  return ad;
}
