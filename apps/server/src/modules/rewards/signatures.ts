/**
 * Verification of the ad networks' server-side reward callbacks (issue 7 item 3; research/money.md §4).
 *
 * AdMob SSV (developers.google.com/admob/android/ssv): the callback is a GET whose query carries, in alphabetical
 * order, `ad_network, ad_unit, custom_data, key_id, reward_amount, reward_item, timestamp, transaction_id,
 * user_id`, then `signature` and `key_id` last. The signed message is the raw query string up to (not including)
 * `&signature=`; `signature` is the web-safe base64 of a DER ECDSA signature (P-256, SHA-256) made with the key
 * `key_id` of the key server (https://www.gstatic.com/admob/reward/verifier-keys.json:
 * `{"keys": [{"keyId": 3335741209, "pem": "-----BEGIN PUBLIC KEY-----...", "base64": "..."}]}`).
 * {@link AdmobKeyStore} fetches that JSON (URL configurable: ADMOB_KEYS_URL), caches keys by id for 24 h and
 * refetches at most once a minute when an unknown key id arrives.
 *
 * uni-ad (DCloud uni-AD rewarded video, 穿山甲 server callback): GET `user_id, trans_id, reward_name, reward_amount,
 * extra, sign`, sign = hex sha256 of `<appSecurityKey>:<trans_id>` (UNIAD_SECURITY_KEY, from the environment only).
 * Only `trans_id` is signed (the network's design): a signed trans_id pays at most once (unique per network in
 * `reward_nonce`), and only a nonce of the `user_id` given, still unpaid and unexpired.
 *
 * All crypto is node:crypto; nothing here touches the database.
 */
import { createHash, createPublicKey, type KeyObject, timingSafeEqual, verify } from 'node:crypto';

export const DEFAULT_ADMOB_KEYS_URL = 'https://www.gstatic.com/admob/reward/verifier-keys.json';
const KEYS_TTL_MS = 24 * 3600 * 1000;
const UNKNOWN_KEY_REFETCH_MS = 60 * 1000;

/** Public keys of the AdMob key server, by key id (decimal string). */
export class AdmobKeyStore {
  private keys = new Map<string, KeyObject>();
  private fetchedAt = 0;
  private inflight: Promise<void> | undefined;

  constructor(
    readonly url: string = DEFAULT_ADMOB_KEYS_URL,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key `keyId`, fetching the key list when stale or when the id is unknown; undefined when none matches. */
  async key(keyId: string): Promise<KeyObject | undefined> {
    const stale = this.now() - this.fetchedAt > KEYS_TTL_MS;
    const unknown = !this.keys.has(keyId) && this.now() - this.fetchedAt > UNKNOWN_KEY_REFETCH_MS;
    if (stale || unknown) await this.refresh();
    return this.keys.get(keyId);
  }

  private refresh(): Promise<void> {
    this.inflight ??= (async () => {
      try {
        const res = await this.fetchImpl(this.url, { signal: AbortSignal.timeout(10_000) });
        if (!res.ok) throw new Error(`AdMob key server answered ${res.status}`);
        const body = (await res.json()) as { keys?: { keyId?: unknown; pem?: unknown }[] };
        const next = new Map<string, KeyObject>();
        for (const k of body.keys ?? []) {
          if ((typeof k.keyId !== 'number' && typeof k.keyId !== 'string') || typeof k.pem !== 'string') continue;
          next.set(String(k.keyId), createPublicKey(k.pem));
        }
        this.keys = next;
        this.fetchedAt = this.now();
      } finally {
        this.inflight = undefined;
      }
    })();
    return this.inflight;
  }
}

export type AdmobVerdict =
  | { ok: true; params: URLSearchParams }
  | { ok: false; reason: 'no_signature' | 'unknown_key' | 'bad_signature' };

/**
 * Verify an AdMob SSV callback from its raw query string (everything after `?`, exactly as received).
 * Throws only when the key server cannot be reached (the caller answers 5xx so AdMob may retry).
 */
export async function verifyAdmobQuery(rawQuery: string, store: AdmobKeyStore): Promise<AdmobVerdict> {
  const at = rawQuery.indexOf('&signature=');
  if (at <= 0) return { ok: false, reason: 'no_signature' };
  const message = rawQuery.slice(0, at);
  const params = new URLSearchParams(rawQuery);
  const signature = params.get('signature');
  const keyId = params.get('key_id');
  if (!signature || !keyId || !/^\d{1,20}$/.test(keyId)) return { ok: false, reason: 'no_signature' };
  const key = await store.key(keyId);
  if (!key) return { ok: false, reason: 'unknown_key' };
  let valid = false;
  try {
    valid = verify('sha256', Buffer.from(message, 'utf8'), { key, dsaEncoding: 'der' }, decodeWebSafeBase64(signature));
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: 'bad_signature' };
  // Only the signed part counts: parameters after the signature (key_id) are not trusted beyond choosing the key.
  return { ok: true, params: new URLSearchParams(message) };
}

function decodeWebSafeBase64(s: string): Buffer {
  return Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/** uni-ad sign: hex sha256 of `<secret>:<trans_id>`. */
export function uniadSign(secret: string, transId: string): string {
  return createHash('sha256').update(`${secret}:${transId}`, 'utf8').digest('hex');
}

/** Whether `sign` is the uni-ad signature of `transId` under `secret` (constant-time compare). */
export function verifyUniadSign(secret: string, transId: string, sign: string): boolean {
  if (!secret || !transId || !/^[0-9a-fA-F]{64}$/.test(sign)) return false;
  const expected = Buffer.from(uniadSign(secret, transId), 'hex');
  return timingSafeEqual(expected, Buffer.from(sign.toLowerCase(), 'hex'));
}
