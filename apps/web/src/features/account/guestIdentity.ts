/**
 * How the device's automatic guest account (spec §4 Auto login; lib/session isGuestUser) is shown: as a guest with a
 * short id ("Guest 7169"), never by its device-derived hex user name.
 */
import { guestCredentials } from '@openvod/contract';
import { useTranslation } from 'react-i18next';
import { isGuestUser, useSession } from '../../lib/session';
import { getDeviceId } from '../../lib/storage';

/** The short id a guest is shown with: the first 4 characters of its device-derived name, upper-cased ('7169'). */
export function guestShortId(userName: string): string {
  return userName.slice(0, 4).toUpperCase();
}

/** Whether the signed-in user is this device's automatic guest account. */
export function useIsGuest(): boolean {
  const user = useSession((s) => s.user);
  return isGuestUser(user, guestCredentials(getDeviceId()).user_name);
}

/** The signed-in user's name for display: the nickname, else "Guest <short id>" for the guest, else the user name. */
export function useDisplayName(): string {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const isGuest = useIsGuest();
  if (!user) return '';
  return user.user_nick_name || (isGuest ? t('me.guestTitle', { id: guestShortId(user.user_name) }) : user.user_name);
}
