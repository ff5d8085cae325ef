/**
 * Random identifiers of billing (issue 6): order numbers and redemption codes, from the CSPRNG
 * (`crypto.randomBytes`), in Crockford base32 (0-9 A-Z without I L O U).
 */
import { randomBytes } from 'node:crypto';

export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `bytes` random bytes as Crockford base32 (5 bits a character; bytes*8 must be a multiple of 5). */
export function crockfordRandom(bytes: number): string {
  const buf = randomBytes(bytes);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of buf) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/** An order number: 24 characters, 120 random bits (unguessable; never a counter). */
export function newOrderCode(): string {
  return crockfordRandom(15);
}

/** A redemption code: 16 characters, 80 random bits. */
export function newRedeemCode(): string {
  return crockfordRandom(10);
}
