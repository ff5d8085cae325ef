/**
 * How the device's automatic guest account (spec §4 Auto login; lib/session isGuestUser) is shown: as a guest with a
 * short id ("Guest 7169"), never by its device-derived hex user name.
 */
import { guestCredentials, type UserInfo } from '@openvod/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isGuestUser, useSession } from '../../lib/session';
import { getDeviceId } from '../../lib/storage';
import { maskPhone } from './phone';

/** The short id a guest is shown with: the first 4 characters of its device-derived name, upper-cased ('7169'). */
export function guestShortId(userName: string): string {
  return userName.slice(0, 4).toUpperCase();
}

/** Whether the signed-in user is this device's automatic guest account. */
export function useIsGuest(): boolean {
  const user = useSession((s) => s.user);
  return isGuestUser(user, guestCredentials(getDeviceId()).user_name);
}

/**
 * Whether `user_name` was made up rather than chosen by a person: one the server generates (`u` + 9 [a-z0-9], for a
 * phone registration or a guest that bound a phone: accounts.service.ts freeGeneratedUserName), or one generated for
 * a device's guest (contract guestCredentials: 8 hex characters, the start of the guest's imei), this device's or one
 * whose stored imei starts with it.
 */
export function generatedName(user: Pick<UserInfo, 'user_name' | 'imei'>, deviceGuestName: string): boolean {
  if (/^u[a-z0-9]{9}$/.test(user.user_name)) return true;
  if (!/^[0-9a-f]{8}$/.test(user.user_name)) return false;
  return user.user_name === deviceGuestName || (user.imei ?? '').startsWith(user.user_name);
}

/**
 * A user's name for display (spec §2 account management: nickname; §5 phones shown masked): the nickname; else
 * "Guest <short id>" for this device's guest; else, for a member with a phone whose user name was made up
 * ({@link generatedName}: a phone registration, a guest that bound a phone), the masked phone; else the user name.
 */
export function displayNameOf(
  user: UserInfo,
  opts: { isGuest: boolean; deviceGuestName: string; maskPhone: (phone: string) => string; t: TFunction },
): string {
  if (user.user_nick_name) return user.user_nick_name;
  if (opts.isGuest) return opts.t('me.guestTitle', { id: guestShortId(user.user_name) });
  if (user.user_phone && generatedName(user, opts.deviceGuestName)) return opts.maskPhone(user.user_phone);
  return user.user_name;
}

/** The signed-in user's name for display ({@link displayNameOf}); '' when nobody is signed in. */
export function useDisplayName(): string {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const isGuest = useIsGuest();
  if (!user) return '';
  return displayNameOf(user, { isGuest, deviceGuestName: guestCredentials(getDeviceId()).user_name, maskPhone, t });
}
