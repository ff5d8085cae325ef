/**
 * Merging the device's guest account into the account it signs into (spec §4 Auto login, §5 "Buying requires
 * login"). A viewer uses the app on its automatic guest account (guest-account.ts); when that viewer signs in to
 * another account (password login, registration, phone code, one-click, third-party), whatever the guest holds moves
 * into the account it signed into, in one transaction:
 *
 * - VIP: the guest's remaining VIP time (user_end_time - now, when the guest is VIP) is ADDED to the target's
 *   (`greatest(target end, now) + remaining`), like a purchase stacks, so no paid day is lost. The target keeps its
 *   own VIP group when it is VIP itself, else takes the guest's group. Ad-free time (user_noad_time) stacks the same
 *   way. Both are journaled on the ledger (`vip_s`, `noad_s`: minus on the guest, plus on the target).
 * - Points: the guest's whole balance, one `mac_plog` row on each side (type {@link PLOG_TYPE_GUEST_MERGE}).
 * - What other modules keep, through the `user.merged` event (accounts.events.ts, announced by the accounts
 *   service's one {@link MergeHandler}): extra views/downloads and cash on the ledger (billing.module: LedgerService
 *   .moveBalances), orders re-owned (BillingService.onUsersMerged), watch records, favourites and purchases in
 *   `mac_ulog` (PlaybackService.moveUser, unique conflicts resolved in favour of both sides' best).
 *
 * Who the guest is comes from the session token the sign-in request carries (`authorcode`), never from anything the
 * client says about balances. Only a valid session of a guest account (isGuestAccount) is merged, never into itself
 * or into another guest account. The merge is idempotent by the unique `account_merge.merge_key`
 * (`merge:<guest_id>:<first 16 hex of the session's token hash>`), claimed first: two concurrent sign-ins carrying
 * the same guest session merge once (the second waits on the key and finds it taken), and every journal key derives
 * from it. The guest's sessions end with the merge.
 *
 * The guest account itself stays usable, emptied (group 2, no VIP, no points): it is the device's automatic account,
 * which the app signs in again after the viewer signs out, so the device never turns into an anonymous tourist; what
 * it gathers later moves again at the next sign-in (a new session, a new merge key). Each merge is recorded in
 * `account_merge` (guest, target, what moved).
 */
import { createHash } from 'node:crypto';
import { PLOG_TYPE } from '@openvod/contract';
import type { Db } from '../../db/client.ts';
import type { macUser } from '../../db/schema/index.ts';
import type { UserRow } from './accounts.repo.ts';
import * as repo from './accounts.repo.ts';
import { creditPoints, GROUP_MEMBER, isVip } from './accounts.service.ts';
import { isGuestAccount } from './guest-account.ts';

/** `mac_plog.plog_type` of the two rows of a guest merge (minus on the guest, plus on the target). */
export const PLOG_TYPE_GUEST_MERGE = PLOG_TYPE.guestMerge;

/** What a merge hands to the other modules' handlers. */
export interface MergeContext {
  /** The guest row as it was, locked, before anything moved. */
  guest: UserRow;
  /** The target row as it was, locked. */
  target: UserRow;
  /** The merge's unique key (`merge:<guest_id>:<session>`); handlers derive their journal keys from it. */
  key: string;
  now: Date;
  /** VIP seconds moved (0 when the guest was not VIP). */
  vipSeconds: number;
  /** Ad-free seconds moved. */
  noadSeconds: number;
  /** What moved, by name (handlers add theirs: views, downloads, orders, ulogs...); stored on account_merge. */
  moved: Record<string, number>;
}

/**
 * Work another module does inside a merge transaction `tx` (both user rows are locked). Throwing rolls the whole
 * merge (and the sign-in) back.
 */
export type MergeHandler = (tx: Db, m: MergeContext) => Promise<void>;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const nowSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * Merge the guest of session `guestToken` into user `targetId` (see the module comment). Returns what moved, or
 * null when nothing was merged: no token, not a valid guest session, the target is the guest or another guest
 * account, or this guest session was merged already (a concurrent or repeated sign-in).
 */
export async function mergeGuestInto(
  db: Db,
  guestToken: string | undefined,
  targetId: number,
  opts: { now: Date; handlers: readonly MergeHandler[] },
): Promise<Record<string, number> | null> {
  if (!guestToken) return null;
  const tokenHash = sha256(guestToken);
  const now = opts.now;
  return db.transaction(async (tx) => {
    const session = await repo.sessionByHash(tx, tokenHash);
    if (!session || session.expires_at.getTime() <= now.getTime() || session.user_id === targetId) return null;
    // Both rows locked in id order (no deadlock with a merge the other way round).
    const rows = await repo.lockUsers(tx, [session.user_id, targetId]);
    const guest = rows.find((r) => r.user_id === session.user_id);
    const target = rows.find((r) => r.user_id === targetId);
    if (!guest || !target) return null;
    if (!isGuestAccount(guest) || guest.user_status !== 1 || guest.user_deleted_at) return null;
    if (isGuestAccount(target) || target.user_deleted_at) return null;
    const key = `merge:${guest.user_id}:${tokenHash.slice(0, 16)}`;
    if (!(await repo.claimMerge(tx, key, guest.user_id, target.user_id))) return null;

    const nowSec = nowSeconds(now);
    const vipSeconds = isVip(guest, now) ? guest.user_end_time - nowSec : 0;
    const noadSeconds = Math.max(0, guest.user_noad_time - nowSec);
    const moved: Record<string, number> = { vip_s: vipSeconds, noad_s: noadSeconds, points: guest.user_points };
    if (vipSeconds > 0 || noadSeconds > 0) {
      const targetSet: Partial<typeof macUser.$inferInsert> = {};
      if (vipSeconds > 0) {
        targetSet.group_id = isVip(target, now) ? target.group_id : guest.group_id;
        targetSet.user_end_time = Math.max(target.user_end_time, nowSec) + vipSeconds;
      }
      if (noadSeconds > 0) targetSet.user_noad_time = Math.max(target.user_noad_time, nowSec) + noadSeconds;
      await repo.updateUser(tx, target.user_id, targetSet);
      const guestSet: Partial<typeof macUser.$inferInsert> = {};
      if (vipSeconds > 0) Object.assign(guestSet, { group_id: GROUP_MEMBER, user_end_time: 0 });
      if (noadSeconds > 0) guestSet.user_noad_time = 0;
      await repo.updateUser(tx, guest.user_id, guestSet);
    }
    if (guest.user_points > 0) {
      const from = `guest ${guest.user_id} merged into ${target.user_id}`;
      await creditPoints(tx, guest.user_id, -guest.user_points, PLOG_TYPE_GUEST_MERGE, `${key}:points:out`, from);
      await creditPoints(tx, target.user_id, guest.user_points, PLOG_TYPE_GUEST_MERGE, `${key}:points:in`, from);
    }
    const ctx: MergeContext = { guest, target, key, now, vipSeconds, noadSeconds, moved };
    for (const handler of opts.handlers) await handler(tx, ctx);
    await repo.deleteUserSessions(tx, guest.user_id);
    await repo.recordMergeMoved(tx, key, moved);
    return moved;
  });
}
