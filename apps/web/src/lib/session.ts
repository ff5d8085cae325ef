/**
 * The signed-in viewer (spec §3 "User info ... It is stored locally"; §4 Session). `user` is null and
 * {@link currentUserId} 0 when logged out. The token goes out as the `authorcode` header on every call (lib/api).
 */
import type { UserInfo } from '@openvod/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface SessionState {
  /** Opaque session token ('' when logged out). */
  token: string;
  user: UserInfo | null;
  /** Store a fresh sign-in. */
  signIn: (token: string, user: UserInfo) => void;
  /** Replace the user info (after checkLogin, updateInfo, ...). Ignored when logged out. */
  setUser: (user: UserInfo) => void;
  /** Forget the session (logout, 401, failed check). */
  clear: () => void;
}

export const SESSION_KEY = 'openvod-user';

function isUser(value: unknown): value is UserInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<UserInfo>;
  return typeof v.user_id === 'number' && v.user_id > 0 && typeof v.user_name === 'string';
}

export const useSession = create<SessionState>()(
  persist(
    (set, get) => ({
      token: '',
      user: null,
      signIn: (token, user) => set({ token, user }),
      setUser: (user) => {
        if (get().token) set({ user });
      },
      clear: () => set({ token: '', user: null }),
    }),
    {
      name: SESSION_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ token: s.token, user: s.user }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<SessionState>;
        const token = typeof p.token === 'string' ? p.token : '';
        const user = token && isUser(p.user) ? p.user : null;
        return {
          ...current,
          token: user ? token : '',
          user,
        };
      },
    },
  ),
);

/** `user_id` of the stored user, 0 when logged out (spec §3). */
export function currentUserId(): number {
  return useSession.getState().user?.user_id ?? 0;
}

export function useUserId(): number {
  return useSession((s) => s.user?.user_id ?? 0);
}

export function currentToken(): string {
  return useSession.getState().token;
}

/** Forget the session only if it is still the one a refused request carried (a newer sign-in survives). */
export function clearSessionIfToken(token: string): void {
  const state = useSession.getState();
  if (token && state.token === token) state.clear();
}

/** The device's automatically registered guest (spec §4 Auto login): its name is derived from the device id. */
export function isGuestUser(user: Pick<UserInfo, 'user_name' | 'user_phone'> | null, guestName: string): boolean {
  return Boolean(user) && user?.user_name === guestName && !user?.user_phone;
}
