/**
 * The device's automatic guest account (spec §4 Auto login; packages/contract guest.ts) and which group's free quota
 * a user is metered on (issue 7 item 2). Shared by the quotas module (metering) and the points module (getTask's
 * `single.freewatch` / `single.freedownload`), so both report the same totals.
 */
import { guestCredentials } from '@openvod/contract';
import { GROUP_GUEST, type UserRow } from './accounts.service.ts';

/**
 * Whether a user row is the device's automatic guest account (spec §4 Auto login; packages/contract guest.ts): its
 * name is the guest name derived from its registration device id (or the first 8 characters of its 16-character
 * guest imei) and no phone is bound. The viewer app uses the same test (apps/web lib/session.ts isGuestUser).
 */
export function isGuestAccount(u: Pick<UserRow, 'user_name' | 'user_phone' | 'user_device_id' | 'imei'>): boolean {
  if (u.user_phone) return false;
  if (u.user_device_id && guestCredentials(u.user_device_id).user_name === u.user_name) return true;
  return /^[0-9a-f]{16}$/.test(u.imei) && u.imei.slice(0, 8) === u.user_name;
}

/**
 * The group whose free views/downloads (`points_quota`) apply to `user`: group 1 (the guest group) for the device's
 * guest account below VIP, else the user's own group.
 */
export function quotaGroupOf(
  u: Pick<UserRow, 'group_id' | 'user_name' | 'user_phone' | 'user_device_id' | 'imei'>,
): number {
  return u.group_id < 3 && isGuestAccount(u) ? GROUP_GUEST : u.group_id;
}
