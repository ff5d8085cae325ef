/**
 * The free-view rule of spec §4 ("Free-view flow"), as a pure function (issue 7 item 2):
 *
 * > A user is blocked (must watch an ad, log in or buy) when all of these hold: logged in, group below 3, free quota
 * > used up, no existing record, and tourist_state is not '1'. Otherwise a log entry is set. If the response code
 * > is above 1 and there was no prior record, the used free counter rises by 1.
 *
 * Readings of this server (see quotas.service.ts for where the facts come from):
 * - "logged in" = the request carries a valid session. Guest accounts (the device's automatically registered
 *   account, spec §4 Auto login) ARE logged in: the device has a session; they are metered against the guest
 *   group's quota (group 1) and their blocked screen offers "log in" to a member account. Without a session (tourist
 *   mode, tourist_state '1') nobody is metered. Outside tourist mode a caller without a session is not an app
 *   client (the app signs the device's guest in at launch): checkBuyPopedom answers it `login` and getDetail
 *   withholds play addresses from it, so dropping the session never skips the rule.
 * - "free quota used up" = today's free uses of the quota group are used up AND no extra view/download (ledger
 *   asset views/downloads, bought by exchange, codes or rewarded ads) is left.
 * - "the response code is above 1" = the write is metered: a logged-in, non-VIP user outside tourist mode writes a
 *   new entry; then one use is taken (a free one first, else an extra one). VIPs, tourists and existing records
 *   take nothing.
 */

/** The five conditions of spec §4, each true when it holds. */
export interface FreeViewFacts {
  loggedIn: boolean;
  /** group_id < 3 (not VIP). */
  groupBelow3: boolean;
  quotaUsedUp: boolean;
  /** No log entry of this title (views) / episode (downloads) exists. */
  noRecord: boolean;
  /** tourist_state is not '1'. */
  touristStateNot1: boolean;
}

export interface FreeViewDecision {
  /** Refuse the log write: the user must watch an ad, log in or become VIP (spec §5). */
  blocked: boolean;
  /** The write uses one free (or extra) view/download: the "used counter rises by 1". */
  counts: boolean;
}

/** Spec §4: blocked when all five conditions hold; a metered new entry counts one use otherwise. */
export function freeViewRule(f: FreeViewFacts): FreeViewDecision {
  const metered = f.loggedIn && f.groupBelow3 && f.noRecord && f.touristStateNot1;
  return { blocked: metered && f.quotaUsedUp, counts: metered && !f.quotaUsedUp };
}
