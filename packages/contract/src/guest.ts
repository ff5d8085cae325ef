/**
 * Guest auto-registration credentials (spec §3 "User info", §4 "Auto login"), derived on the client from the device
 * id so that the same device always signs in as the same guest:
 *
 * - `user_name` = the first 8 hex characters of SHA-256(deviceId) (spec: "the first 8 characters of a hash of the
 *   device id"), which the server's {@link USER_NAME_RULE} accepts;
 * - `imei` = the first 16 hex characters of the same hash (spec: "the imei is the first 16 characters");
 * - `user_pwd` = `'d'` + the first 15 hex characters of SHA-256(deviceId + ':pwd') + `'1'` (17 characters): a
 *   letter and a digit are always present, so it satisfies the password rule of spec §5 ({@link PASSWORD_RULE}).
 *   The client sends it as both `user_pwd` and `user_pwd2`.
 *
 * The flow: regCheck(user_name) → code 2: login; code 1: reg (with the stored invitation code), then checkLogin.
 * Two devices whose hashes share 8 hex characters (32 bits) would compete for one name; the second one's login
 * fails and it stays a tourist. That is the spec's scheme, kept as it is.
 *
 * Synchronous and dependency-free (the contract imports only zod), so the SHA-256 is implemented here (FIPS 180-4).
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** UTF-8 bytes of a string (lone surrogates become U+FFFD, as TextEncoder does). */
export function utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    let c = ch.codePointAt(0) as number;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

/** SHA-256 of a string (UTF-8) or bytes, as 64 lowercase hex characters. */
export function sha256Hex(input: string | Uint8Array): string {
  const data = typeof input === 'string' ? utf8(input) : input;
  // Padding: 0x80, zeros, then the bit length as a 64-bit big-endian number; total a multiple of 64 bytes.
  const blocks = Math.ceil((data.length + 9) / 64);
  const buf = new Uint8Array(blocks * 64);
  buf.set(data);
  buf[data.length] = 0x80;
  const view = new DataView(buf.buffer);
  const bits = data.length * 8;
  view.setUint32(buf.length - 8, Math.floor(bits / 0x100000000));
  view.setUint32(buf.length - 4, bits >>> 0);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < buf.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] as number;
      const b = w[i - 2] as number;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 =
        (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (K[i] as number) + (w[i] as number)) >>>
        0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const add = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) h[i] = ((h[i] as number) + (add[i] as number)) >>> 0;
  }
  return Array.from(h, (x) => x.toString(16).padStart(8, '0')).join('');
}

export interface GuestCredentials {
  /** 8 lowercase hex characters. */
  user_name: string;
  /** Sent as both user_pwd and user_pwd2. */
  user_pwd: string;
  /** 16 lowercase hex characters. */
  imei: string;
}

/** The guest credentials of a device (see the module comment for the derivation). Pure and synchronous. */
export function guestCredentials(deviceId: string): GuestCredentials {
  const id = sha256Hex(deviceId);
  return {
    user_name: id.slice(0, 8),
    user_pwd: `d${sha256Hex(`${deviceId}:pwd`).slice(0, 15)}1`,
    imei: id.slice(0, 16),
  };
}
