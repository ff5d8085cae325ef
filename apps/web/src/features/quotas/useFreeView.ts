/**
 * The free-view flow of spec §4 on the title page (issue 7 item 2): before the player starts, the server is asked
 * whether this user may play the title (checkBuyPopedom); when a free or extra view will be used, the watch entry is
 * written first (ajaxUlog `ac=set` type 4), which takes the view on the server or refuses it. Only then does the
 * page mount the player. The server decides everything: this hook only follows its answers, so replaying a
 * request, skipping an ad or changing the device clock grants nothing.
 *
 * States: `checking`, `allowed` (mount the player), `refused` (show the {@link BlockedScreen} with the server's
 * reason and choices), `error` (the check failed: retry). `retry()` asks again (after an ad, a purchase or a
 * sign-in).
 */
import { type CheckBuyPopedomResponse, QUOTA_CODE } from '@openvod/contract';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { currentUserId } from '../../lib/session';
import { quotasApi } from './quotasApi';

export type FreeViewState =
  | { state: 'checking' }
  | { state: 'allowed'; check: CheckBuyPopedomResponse }
  | { state: 'refused'; check: CheckBuyPopedomResponse }
  | { state: 'error'; message: string };

/** Reasons that use a view when the entry is written (the server takes it then). */
const TAKES_A_VIEW = new Set(['free', 'extra']);
/** Refusals of the entry write that mean "show the blocked screen" rather than "failed". */
const REFUSAL_CODES = new Set<number>([
  QUOTA_CODE.quotaUsedUp,
  QUOTA_CODE.buyRequired,
  QUOTA_CODE.loginRequired,
  QUOTA_CODE.noRight,
]);

/**
 * One pass of the flow: check, then claim the view when one will be used. `claim` is undefined for callers without
 * a session (tourists are never metered, spec §4).
 */
export async function runFreeView(
  check: () => Promise<CheckBuyPopedomResponse>,
  claim: (() => Promise<unknown>) | undefined,
): Promise<FreeViewState> {
  const first = await check();
  if (!first.allowed) return { state: 'refused', check: first };
  if (!claim || !first.logged_in || !TAKES_A_VIEW.has(first.reason)) return { state: 'allowed', check: first };
  try {
    await claim();
    return { state: 'allowed', check: first };
  } catch (err) {
    if (err instanceof ApiError && REFUSAL_CODES.has(err.code)) {
      const again = await check();
      return again.allowed ? { state: 'allowed', check: again } : { state: 'refused', check: again };
    }
    throw err;
  }
}

/**
 * Run the flow for title `vodId` at episode `sid`/`nid` once per opening of the title (and again on `retry()`),
 * as the user signed in at that moment (none = a tourist, never metered). A session that arrives while the title
 * plays (the first launch's guest sign-in) does not restart the player: its next watch-record write goes through
 * the same rule on the server. Signing in from the blocked screen leaves the page, so the title is asked again on
 * return. Disabled (`vodId` undefined) it stays `checking`.
 */
export function useFreeView(vodId: number | undefined, sid: number, nid: number) {
  const [result, setResult] = useState<{ key: string; value: FreeViewState } | undefined>();
  const [round, setRound] = useState(0);
  // Views are per title: changing episodes does not ask again; another title does.
  const key = `${vodId ?? 0}:${round}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: sid/nid are read when the title opens, not per episode.
  useEffect(() => {
    if (vodId === undefined) return;
    let live = true;
    const controller = new AbortController();
    const userId = currentUserId();
    runFreeView(
      () => quotasApi.check(vodId, 4, controller.signal),
      userId > 0 ? () => quotasApi.claimView(vodId, sid, nid) : undefined,
    )
      .then((value) => live && setResult({ key, value }))
      .catch(
        (err: unknown) =>
          live && setResult({ key, value: { state: 'error', message: err instanceof Error ? err.message : '' } }),
      );
    return () => {
      live = false;
      controller.abort();
    };
  }, [key]);
  const retry = useCallback(() => setRound((r) => r + 1), []);
  const value: FreeViewState = result?.key === key ? result.value : { state: 'checking' };
  return { ...value, retry };
}
