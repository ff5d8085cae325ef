/**
 * Events the accounts module announces (core/events.ts). Subscribers: playback, billing and danmaku remove or
 * settle a deleted user's rows (their `forgetUser` / `onUserDeleted`); playback and billing move a merged guest's
 * rows (`moveUser`, `onUsersMerged`, the ledger's balances). Wired where each module is registered.
 */
import type { Db } from '../../core/db.ts';
import type { UserRow } from './accounts.repo.ts';
import type { MergeContext } from './guest-merge.ts';

declare module '../../core/events.ts' {
  interface AppEvents {
    /**
     * A user's deletion is being processed (spec §4 "Account deletion"), announced with `emit` inside the deletion
     * transaction `tx`: the user row is claimed and anonymised, not yet committed; `user` is the row as it was
     * before. A handler works through `tx` and must be idempotent in effect (a rolled-back deletion is retried at
     * the job's next run); its throw rolls the whole deletion back and leaves the request pending.
     */
    'user.deleted': { tx: Db; user: UserRow; now: Date };
    /**
     * A device's guest account is being merged into the account it signed into (guest-merge.ts), announced with
     * `emit` inside the merge transaction `tx` (both user rows locked). A handler moves what its module keeps for
     * the guest to the target and adds its counts to `merge.moved` (stored on account_merge); its throw rolls the
     * merge and the sign-in back.
     */
    'user.merged': { tx: Db; merge: MergeContext };
  }
}
