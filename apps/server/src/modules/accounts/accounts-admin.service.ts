/**
 * Console side of accounts (issue 3 §10): users (search, view, change group and VIP end time, disable, see deletion
 * requests) and groups with their category rights (research/maccms.md §1.2: group_type, group_popedom).
 *
 * Moving a user to a group >= 3 without an end time in the future is allowed; such a user is not VIP (`is_vip`
 * false) until an end time is set. Disabling (user_status 0) ends all of the user's sessions in the same
 * transaction. Group 1 (guest) is never stored on a user.
 */
import {
  type AdminGroupBody,
  type AdminGroupUpdate,
  type AdminUserQuery,
  type AdminUserUpdate,
  ErrorCode,
} from '@openvod/contract';
import type { z } from 'zod';
import { AppError, badRequest } from '../../core/errors.ts';
import { t } from '../../core/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import type { macGroup, macUser } from '../../db/schema/index.ts';
import { plainText } from '../../lib/sanitize.ts';
import type { GroupRow, UserRow } from './accounts.repo.ts';
import * as repo from './accounts.repo.ts';
import { GROUP_GUEST, revokeUserSessions, toUserInfo } from './accounts.service.ts';
import { effectiveRights } from './group-rights.ts';
import { isGuestAccount } from './guest-account.ts';

export interface AdminAccountsOptions {
  now: Date;
  timeZone: string;
}

/**
 * The console view of a user: the user info plus the unmasked phone, whether it is a device's automatic guest
 * account (guest-account.ts) and the registration / last sign-in times.
 */
export function toAdminUser(row: UserRow, group: GroupRow | undefined, opts: AdminAccountsOptions) {
  return {
    ...toUserInfo(row, group, opts),
    user_phone_full: row.user_phone,
    is_guest: isGuestAccount(row),
    user_reg_time: row.user_reg_time.toISOString(),
    user_login_time: row.user_login_time ? row.user_login_time.toISOString() : '',
  };
}

/** A group for the console: the stored rights and the rights that apply (group-rights.ts {@link effectiveRights}). */
const toAdminGroup = (g: GroupRow) => ({
  group_id: g.group_id,
  group_name: g.group_name,
  group_type: g.group_type,
  group_status: g.group_status,
  group_popedom: g.group_popedom,
  group_rights: effectiveRights(g),
});

/** Users matching the console filters (wd: id, name, nickname, phone or invitation code), newest first. */
export async function adminListUsers(db: Db, q: z.output<typeof AdminUserQuery>, opts: AdminAccountsOptions) {
  const { rows, total } = await repo.listUsers(db, q, q.page, q.limit);
  const groups = new Map((await repo.listGroups(db)).map((g) => [g.group_id, g]));
  return {
    list: rows.map((r) => toAdminUser(r, groups.get(r.group_id), opts)),
    page: q.page,
    pagecount: Math.max(1, Math.ceil(total / q.limit)),
    limit: q.limit,
    total,
  };
}

/** One user; 404 user_not_found. */
export async function adminGetUser(db: Db, userId: number, opts: AdminAccountsOptions) {
  const row = await repo.userById(db, userId);
  if (!row) throw new AppError(404, ErrorCode.notFound, 'user_not_found');
  return toAdminUser(row, await repo.groupById(db, row.group_id), opts);
}

/**
 * Change a user's group, VIP end (seconds) or status. 404 user_not_found; 400 user_deleted for an anonymised
 * account; 400 group_not_found / group_guest (field group_id). Status 0 revokes the user's sessions.
 */
export async function adminUpdateUser(
  db: Db,
  userId: number,
  body: z.output<typeof AdminUserUpdate>,
  opts: AdminAccountsOptions,
) {
  const row = await repo.userById(db, userId);
  if (!row) throw new AppError(404, ErrorCode.notFound, 'user_not_found');
  if (row.user_deleted_at) throw new AppError(400, ErrorCode.conflict, 'user_deleted');
  if (body.group_id !== undefined) {
    if (body.group_id === GROUP_GUEST) throw badRequest('group_guest', {}, 'group_id');
    if (!(await repo.groupById(db, body.group_id))) throw badRequest('group_not_found', {}, 'group_id');
  }
  const set: Partial<typeof macUser.$inferInsert> = {};
  if (body.group_id !== undefined) set.group_id = body.group_id;
  if (body.user_end_time !== undefined) set.user_end_time = body.user_end_time;
  if (body.user_status !== undefined) set.user_status = body.user_status;
  if (Object.keys(set).length) {
    await db.transaction(async (tx) => {
      await repo.updateUser(tx, userId, set);
      if (body.user_status === 0) await revokeUserSessions(tx, userId);
    });
  }
  return adminGetUser(db, userId, opts);
}

/** Every group with its category rights (group_type, group_popedom) and the rights that apply (group_rights). */
export async function adminListGroups(db: Db) {
  return (await repo.listGroups(db)).map(toAdminGroup);
}

function cleanGroupType(value: string): string {
  return [...new Set(value.split(',').filter(Boolean).map(Number))].sort((a, b) => a - b).join(',');
}

function cleanGroupName(value: string): string {
  const name = plainText(value, 30);
  if (name === '') {
    throw badRequest('validation', { field: 'group_name', reason: (l) => t(l, 'v_required') }, 'group_name');
  }
  return name;
}

/** Create a group (ids continue after the seeded 1/2/3; every group above 2 is a VIP tier). */
export async function adminCreateGroup(db: Db, body: z.output<typeof AdminGroupBody>) {
  const row = await repo.insertGroup(db, {
    group_name: cleanGroupName(body.group_name),
    group_type: cleanGroupType(body.group_type),
    group_status: body.group_status,
    group_popedom: body.group_popedom,
  });
  return toAdminGroup(row);
}

/** Edit a group; 404 group_not_found. */
export async function adminUpdateGroup(db: Db, groupId: number, body: z.output<typeof AdminGroupUpdate>) {
  if (!(await repo.groupById(db, groupId))) throw new AppError(404, ErrorCode.notFound, 'group_not_found');
  const set: Partial<typeof macGroup.$inferInsert> = {};
  if (body.group_name !== undefined) set.group_name = cleanGroupName(body.group_name);
  if (body.group_type !== undefined) set.group_type = cleanGroupType(body.group_type);
  if (body.group_status !== undefined) set.group_status = body.group_status;
  if (body.group_popedom !== undefined) set.group_popedom = body.group_popedom;
  await repo.updateGroup(db, groupId, set);
  const row = await repo.groupById(db, groupId);
  if (!row) throw new AppError(404, ErrorCode.notFound, 'group_not_found');
  return toAdminGroup(row);
}
