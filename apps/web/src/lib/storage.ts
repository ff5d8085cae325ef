/** localStorage helpers that never throw (private mode, quota, disabled storage). */

export function readJson<T>(key: string): T | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw == null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: caching is best effort.
  }
}

export function removeKey(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // ignore
  }
}

const DEVICE_ID_KEY = 'openvod-deviceid';
let memoryDeviceId: string | undefined;

function randomId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID().replaceAll('-', '');
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A random device id (32 hex chars), created once and kept in localStorage (spec §3 header `deviceid`). */
export function getDeviceId(): string {
  try {
    const stored = globalThis.localStorage?.getItem(DEVICE_ID_KEY);
    if (stored && /^[0-9a-f]{32}$/.test(stored)) return stored;
    const id = randomId();
    globalThis.localStorage?.setItem(DEVICE_ID_KEY, id);
    return id;
  } catch {
    memoryDeviceId ??= randomId();
    return memoryDeviceId;
  }
}
