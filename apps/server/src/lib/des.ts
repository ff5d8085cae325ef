/**
 * DES-ECB with PKCS#7 padding and base64 text, the `encrypt_data` format of the old clients (spec §7).
 *
 * THIS IS OBFUSCATION FOR OLD CLIENTS, NOT SECURITY. DES has a 56-bit key (brute-forced in hours), ECB leaks
 * repeated blocks, there is no integrity check, and the key ships inside every client. It only keeps casual
 * sniffers from reading request bodies. Real protection is HTTPS; never treat an encrypted payload as trusted or
 * authenticated.
 *
 * Node 20's OpenSSL 3 moved `des-ecb` to the legacy provider, which Node does not load. The default provider still
 * has two-key triple DES (`des-ede-ecb`, EDE with K1, K2, K1), and with K1 = K2 = K it computes
 * E_K(D_K(E_K(x))) = E_K(x): single DES exactly (the backward-compatible keying option of ANSI X9.52). So this file
 * calls OpenSSL with the key doubled, no hand-written cipher and no extra dependency; the FIPS 81 test vector in
 * des.test.ts proves the equivalence.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';

/** DES key length in bytes. */
export const DES_KEY_BYTES = 8;

function edeKey(key: string | Buffer): Buffer {
  const k = typeof key === 'string' ? Buffer.from(key, 'utf8') : key;
  if (k.length !== DES_KEY_BYTES) throw new Error(`DES key must be ${DES_KEY_BYTES} bytes, got ${k.length}`);
  return Buffer.concat([k, k]);
}

/** Encrypt raw bytes (PKCS#7 padded to 8-byte blocks). */
export function desEcbEncryptBytes(plain: Buffer, key: string | Buffer): Buffer {
  const cipher = createCipheriv('des-ede-ecb', edeKey(key), null);
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

/** Decrypt raw bytes; throws on a length that is not a multiple of 8 or on bad padding. */
export function desEcbDecryptBytes(data: Buffer, key: string | Buffer): Buffer {
  const decipher = createDecipheriv('des-ede-ecb', edeKey(key), null);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

/** UTF-8 text -> base64 ciphertext (the `encrypt_data` value). */
export function desEcbEncrypt(text: string, key: string | Buffer): string {
  return desEcbEncryptBytes(Buffer.from(text, 'utf8'), key).toString('base64');
}

/** base64 ciphertext -> UTF-8 text; throws when the input is not valid ciphertext under `key`. */
export function desEcbDecrypt(b64: string, key: string | Buffer): string {
  const data = Buffer.from(b64.replace(/\s+/g, ''), 'base64');
  if (data.length === 0 || data.length % 8 !== 0) throw new Error('ciphertext length is not a multiple of 8');
  return desEcbDecryptBytes(data, key).toString('utf8');
}
