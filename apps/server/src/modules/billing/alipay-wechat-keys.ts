/**
 * RSA key loading for the Alipay and WeChat Pay channels (issue 6 item 4; README "Payments").
 *
 * A key variable (ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY, WECHATPAY_PRIVATE_KEY, WECHATPAY_PUBLIC_KEY) may hold:
 * - PEM text (`-----BEGIN PRIVATE KEY-----`, `RSA PRIVATE KEY`, `PUBLIC KEY`, `RSA PUBLIC KEY` or, for a public
 *   key, `CERTIFICATE`); literal `\n` sequences (a one-line .env value) are turned into newlines;
 * - the bare base64 body Alipay's key tool prints (PKCS#8 or PKCS#1 private key, SPKI or PKCS#1 public key);
 * - a path to a file holding either (optionally written `file:///path/key.pem`).
 * Errors name the variable, never its content.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import fs from 'node:fs';

export type RsaKeyKind = 'private' | 'public';

/**
 * Parse one RSA key from an environment value (see the module comment for the accepted forms).
 * @param name the variable's name, for error messages.
 * @throws Error `<name>: ...` when the value is none of the accepted forms or not an RSA key.
 */
export function loadRsaKey(value: string, kind: RsaKeyKind, name: string): KeyObject {
  const key = parseKey(value.trim(), kind, name, 0);
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`${name}: not an RSA key (${key.asymmetricKeyType})`);
  return key;
}

function parseKey(value: string, kind: RsaKeyKind, name: string, depth: number): KeyObject {
  const make = kind === 'private' ? createPrivateKey : createPublicKey;
  const text = value.replace(/\\n/g, '\n');
  if (text.includes('-----BEGIN ')) {
    try {
      return make(text);
    } catch {
      throw new Error(`${name}: the PEM text is not a valid RSA ${kind} key`);
    }
  }
  const filePath = text.startsWith('file://') ? text.slice('file://'.length) : text;
  if (depth === 0 && (text.startsWith('file://') || looksLikePath(filePath))) {
    let content: string;
    try {
      content = fs.readFileSync(filePath, 'utf8');
    } catch (err) {
      throw new Error(`${name}: cannot read the key file ${filePath} (${(err as NodeJS.ErrnoException).code})`);
    }
    return parseKey(content.trim(), kind, name, depth + 1);
  }
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(compact) || compact.length < 64) {
    throw new Error(`${name}: expected PEM text, a base64 key body or a path to a PEM file`);
  }
  const der = Buffer.from(compact, 'base64');
  const formats: Array<'pkcs8' | 'pkcs1' | 'spki'> = kind === 'private' ? ['pkcs8', 'pkcs1'] : ['spki', 'pkcs1'];
  for (const type of formats) {
    try {
      return kind === 'private'
        ? createPrivateKey({ key: der, format: 'der', type: type as 'pkcs8' | 'pkcs1' })
        : createPublicKey({ key: der, format: 'der', type: type as 'spki' | 'pkcs1' });
    } catch {
      // try the next encoding
    }
  }
  throw new Error(`${name}: the base64 value is not a valid RSA ${kind} key`);
}

/**
 * A value that names a file rather than holding a base64 key (DER keys in base64 start with `MI`): an absolute or
 * relative path, a key-file extension, or an existing file.
 */
function looksLikePath(value: string): boolean {
  if (value.length > 4096 || value.includes('\n')) return false;
  if (/^(\/|\.\.?\/|~\/|[A-Za-z]:\\)/.test(value) || /\.(pem|key|txt|crt|cer)$/i.test(value)) return true;
  try {
    return fs.statSync(value).isFile();
  } catch {
    return false;
  }
}

/** The PKCS#8 PEM of a private key (what alipay-sdk takes with keyType PKCS8). */
export function privatePem(key: KeyObject): string {
  return key.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/** The SPKI PEM of a public key. */
export function publicPem(key: KeyObject): string {
  return key.export({ format: 'pem', type: 'spki' }).toString();
}

/**
 * Which of a channel's required variables are set: none => the channel is not configured (factory returns null);
 * all => configured; some => throws `<channel>: set <missing vars> too, or none of <all vars>`.
 */
export function requireAllOrNone(channel: string, vars: Record<string, string | undefined>): boolean {
  const names = Object.keys(vars);
  const missing = names.filter((n) => !vars[n]);
  if (missing.length === names.length) return false;
  if (missing.length === 0) return true;
  throw new Error(`${channel}: set ${missing.join(', ')} too, or none of ${names.join(', ')}`);
}

/** Beijing time (UTC+8 all year: China has no daylight saving), in ms east of UTC. */
const BEIJING_OFFSET_MS = 8 * 3600 * 1000;

/**
 * `date` as Beijing wall-clock time, `YYYY-MM-DDTHH:mm:ss` (no zone): the local time both gateways take in requests
 * (Alipay `timestamp` / `time_expire`, WeChat Pay `time_expire`), whatever the server's own time zone (TZ).
 */
export function beijingWallTime(date: Date): string {
  return new Date(date.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19);
}
