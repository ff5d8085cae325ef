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
    /**
     * A member came to be (the promotion module pays the inviter's registration reward, issue "promotion"): a
     * sign-up other than the device's guest account (`via: 'signup'`, every path through
     * AccountsService.registerWithinIpCap: reg, phone, one-click, WeChat), or a guest account binding a phone
     * (`via: 'bind_phone'`, phone.service.ts bind). Announced with `emit` inside the creating transaction `tx`, so
     * the reward commits with the account or not at all; `user` is the row as written (inviter chain `user_pid`,
     * `user_pid_2`, `user_pid_3`; registration IP and device id). A handler's throw fails the sign-up.
     */
    'user.registered': { tx: Db; user: UserRow; via: 'signup' | 'bind_phone'; now: Date };
  }
}
