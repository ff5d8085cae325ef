/**
 * Encrypted payloads of spec §7: when the operator turns encryption on, the app config carries `encrypt_state: 1`
 * and `encrypt_key` (8 characters); the bodies of the calls the contract marks `encrypted` are then sent as
 * `{ encrypt_data: base64(DES-ECB(JSON)), encrypt_state: 1 }`, and answers carrying `encrypt_state` are decrypted
 * with the same key. Same cipher as the server's lib/des.ts: DES, ECB mode, PKCS#7 padding, UTF-8 text, base64.
 *
 * OBFUSCATION FOR OLD CLIENTS, NOT SECURITY: the key is handed to every client in the app config, DES is broken
 * and ECB has no integrity. HTTPS is what protects the traffic (docs/encryption.md).
 *
 * crypto-js is loaded on first use only (a separate chunk), so the app's first screens do not carry it.
 */
import type { PayloadCodec } from './api';

let activeKey: string | undefined;

/**
 * Follow the app config: encryption on (`encrypt_state` 1 with an 8-character `encrypt_key`) or off. Called with
 * every app config the client receives (lib/accountApi.ts getAppConfig).
 */
export function configurePayloadEncryption(config: { encrypt_state?: unknown; encrypt_key?: unknown }): void {
  const key = config.encrypt_key;
  activeKey =
    Number(config.encrypt_state) === 1 && typeof key === 'string' && new TextEncoder().encode(key).length === 8
      ? key
      : undefined;
}

/** Whether bodies of encrypted calls are encrypted now. */
export function payloadEncryptionOn(): boolean {
  return activeKey !== undefined;
}

type CryptoJs = typeof import('crypto-js');
let loading: Promise<CryptoJs> | undefined;

/** crypto-js core with DES (tripledes module) and ECB mode, loaded once. */
function cryptoJs(): Promise<CryptoJs> {
  loading ??= Promise.all([
    import('crypto-js/core'),
    import('crypto-js/enc-base64'),
    import('crypto-js/tripledes'),
    import('crypto-js/mode-ecb'),
  ]).then(([core]) => (core as unknown as { default: CryptoJs }).default ?? (core as unknown as CryptoJs));
  return loading;
}

/** DES-ECB/PKCS#7 of UTF-8 `text` under the 8-byte `key`, as base64 (the `encrypt_data` value). */
export async function desEncrypt(text: string, key: string): Promise<string> {
  const C = await cryptoJs();
  // Base64 of the ciphertext itself, not CipherParams.toString(): crypto-js's OpenSSL formatter captures
  // `enc.Base64` when cipher-core evaluates, and with the modules loaded as separate chunks that may be before
  // enc-base64 ran (it then falls back to hex, which the server refuses).
  return C.DES.encrypt(C.enc.Utf8.parse(text), C.enc.Utf8.parse(key), {
    mode: C.mode.ECB,
    padding: C.pad.Pkcs7,
  }).ciphertext.toString(C.enc.Base64);
}

/** The inverse of {@link desEncrypt}; throws when `data` is not ciphertext of UTF-8 text under `key`. */
export async function desDecrypt(data: string, key: string): Promise<string> {
  const C = await cryptoJs();
  const clean = data.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(clean) || (clean.length * 3) / 4 < 8) throw new Error('not DES ciphertext');
  // An explicit CipherParams for the same reason as in desEncrypt (no OpenSSL formatter parse).
  const params = C.lib.CipherParams.create({ ciphertext: C.enc.Base64.parse(clean) });
  const text = C.DES.decrypt(params, C.enc.Utf8.parse(key), { mode: C.mode.ECB, padding: C.pad.Pkcs7 }).toString(
    C.enc.Utf8,
  );
  if (text === '') throw new Error('not DES ciphertext under this key');
  return text;
}

/** The codec of the shared API client while encryption is on, else undefined (see lib/api.ts). */
export function activePayloadCodec(): PayloadCodec | undefined {
  const key = activeKey;
  if (key === undefined) return undefined;
  return { encrypt: (text) => desEncrypt(text, key), decrypt: (data) => desDecrypt(data, key) };
}
