/**
 * The device's automatic guest account (spec §4 Auto login; packages/contract guest.ts) and which group's free quota
 * a user is metered on (issue 7 item 2). Shared by the quotas module (metering) and the points module (getTask's
 * `single.freewatch` / `single.freedownload`), so both report the same totals.
 */
import { GROUP_GUEST, isGuestAccount, type UserRow } from './accounts.service.ts';

/** Defined in accounts.service.ts (the sign-up paths use it there); exported here as before. */
export { isGuestAccount };

/**
 * The group whose free views/downloads (`points_quota`) apply to `user`: group 1 (the guest group) for the device's
 * guest account below VIP, else the user's own group.
 */
export function quotaGroupOf(
  u: Pick<UserRow, 'group_id' | 'user_name' | 'user_phone' | 'user_device_id' | 'imei'>,
): number {
  return u.group_id < 3 && isGuestAccount(u) ? GROUP_GUEST : u.group_id;
}
