/** The console session: the admin token (sent as `authorcode`) and who is signed in, kept in localStorage. */
import { useSyncExternalStore } from 'react';

export interface Session {
  token: string;
  admin_id: number;
  admin_name: string;
  /** The operator's time zone (adminLogin / adminMe); times are shown in it. Absent in sessions stored before. */
  time_zone?: string;
}

const STORAGE_KEY = 'openvod.admin.session';
const listeners = new Set<() => void>();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Session>;
    if (typeof value.token !== 'string' || !value.token) return null;
    return {
      token: value.token,
      admin_id: Number(value.admin_id) || 0,
      admin_name: String(value.admin_name ?? ''),
      time_zone: typeof value.time_zone === 'string' && value.time_zone ? value.time_zone : undefined,
    };
  } catch {
    return null;
  }
}

let current: Session | null = read();
/** Why the last session ended: `expired` when the server answered 401. */
let endReason: 'expired' | 'signedOut' | null = null;

function emit(): void {
  for (const l of listeners) l();
}

export function getSession(): Session | null {
  return current;
}

export function getToken(): string | null {
  return current?.token ?? null;
}

export function setSession(session: Session): void {
  current = session;
  endReason = null;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  } catch {
    // storage unavailable: the session lasts for this page only
  }
  emit();
}

export function clearSession(reason: 'expired' | 'signedOut'): void {
  if (!current) return;
  current = null;
  endReason = reason;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // ignore
  }
  emit();
}

/** Read once by the sign-in page to explain why the operator is there. */
export function takeEndReason(): 'expired' | 'signedOut' | null {
  const r = endReason;
  endReason = null;
  return r;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes this one too.
window.addEventListener('storage', (e) => {
  if (e.key !== STORAGE_KEY) return;
  current = read();
  emit();
});

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession);
}
