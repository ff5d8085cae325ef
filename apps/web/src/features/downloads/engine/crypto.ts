/**
 * AES-128 decryption of HLS segments while downloading (RFC 8216 §5.2; research/offline.md §5 item 5), with
 * WebCrypto: AES-CBC, which also strips the PKCS#7 padding. The stored copy is clear, so it plays with no key.
 */
import { DownloadError } from './errors';

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new DownloadError('unsupported', 'WebCrypto is not available (an insecure origin?)');
  return s;
}

/** Imports a raw AES-128 key; anything but 16 bytes is kind `failed` (a key server answering an error page). */
export async function importAes128Key(raw: ArrayBuffer): Promise<CryptoKey> {
  if (raw.byteLength !== 16) throw new DownloadError('failed', `AES-128 key of ${raw.byteLength} bytes, not 16`);
  return subtle().importKey('raw', raw, { name: 'AES-CBC' }, false, ['decrypt']);
}

/** 32 hex digits → the 16 IV bytes. */
export function ivBytes(hexIv: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(16);
  const digits = hexIv.replace(/^0x/i, '').padStart(32, '0');
  for (let i = 0; i < 16; i++) out[i] = Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * Decrypts one AES-128-CBC segment (`ivHex`: 32 hex digits). A segment that does not decrypt (wrong key, cut
 * short) is kind `failed`.
 */
export async function decryptAes128(data: ArrayBuffer, key: CryptoKey, ivHex: string): Promise<ArrayBuffer> {
  try {
    return await subtle().decrypt({ name: 'AES-CBC', iv: ivBytes(ivHex) }, key, data);
  } catch (error) {
    throw new DownloadError('failed', `AES-128 decryption failed: ${(error as Error).message}`);
  }
}
