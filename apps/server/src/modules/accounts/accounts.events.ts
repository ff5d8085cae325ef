/**
 * Events the accounts module announces (core/events.ts). Subscribers: playback, billing and danmaku remove or
 * settle a deleted user's rows (their `forgetUser` / `onUserDeleted`), wired where each module is registered.
 */
import type { Db } from '../../core/db.ts';
import type { UserRow } from './accounts.repo.ts';

declare module '../../core/events.ts' {
  interface AppEvents {
    /**
     * A user's deletion is being processed (spec §4 "Account deletion"), announced with `emit` inside the deletion
     * transaction `tx`: the user row is claimed and anonymised, not yet committed; `user` is the row as it was
     * before. A handler works through `tx` and must be idempotent in effect (a rolled-back deletion is retried at
     * the job's next run); its throw rolls the whole deletion back and leaves the request pending.
     */
    'user.deleted': { tx: Db; user: UserRow; now: Date };
  }
}
