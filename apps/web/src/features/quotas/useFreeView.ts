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
import { whenLaunchSettled } from '../../lib/launchState';
import { currentUserId, useUserId } from '../../lib/session';
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
 * a session (in tourist mode nobody is metered; outside it the server's check itself refuses them with `login`).
 */
export async function runFreeView(
  check: () => Promise<CheckBuyPopedomResponse>,
  claim: (() => Promise<unknown>) | undefined,
): Promise<FreeViewState> {
  let answer = await check();
  // A refused write is asked about again: refused now (the last view went to a parallel play) shows the blocked
  // screen; a view left again (an extra view arrived meanwhile) is claimed once more. Never 'allowed' without the
  // view taken when one had to be.
  for (let attempt = 0; ; attempt++) {
    if (!answer.allowed) return { state: 'refused', check: answer };
    if (!claim || !answer.logged_in || !TAKES_A_VIEW.has(answer.reason)) return { state: 'allowed', check: answer };
    if (attempt === MAX_CLAIMS) return { state: 'error', message: '' };
    try {
      await claim();
      return { state: 'allowed', check: answer };
    } catch (err) {
      if (!(err instanceof ApiError && REFUSAL_CODES.has(err.code))) throw err;
      answer = await check();
    }
  }
}

/** Claims of one pass before it gives up with `error` (each refused claim is followed by a fresh check). */
const MAX_CLAIMS = 2;

/**
 * Run the flow for title `vodId` at episode `sid`/`nid` once per opening of the title, again on `retry()` and when
 * the signed-in user changes, as that user (none: the server answers `tourist` in tourist mode, else `login`). It
 * first waits for the launch flow to settle (lib/launchState), so a title opened on the first launch is asked as the
 * device's guest once it has signed in, not refused as "no session" meanwhile. Signing in from the blocked screen
 * leaves the page, so the title is asked again on return. Disabled (`vodId` undefined) it stays `checking`.
 *
 * getDetail withholds the play addresses until the view is taken (`play_locked`, issue 7 item 2): the title page
 * asks for the detail again once this hook says `allowed`.
 */
export function useFreeView(vodId: number | undefined, sid: number, nid: number) {
  const [result, setResult] = useState<{ key: string; value: FreeViewState } | undefined>();
  const [round, setRound] = useState(0);
  const userId = useUserId();
  // Views are per title: changing episodes does not ask again; another title or user does.
  const key = `${vodId ?? 0}:${userId}:${round}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: sid/nid are read when the title opens, not per episode.
  useEffect(() => {
    if (vodId === undefined) return;
    let live = true;
    const controller = new AbortController();
    whenLaunchSettled()
      .then(() => {
        if (!live) return undefined;
        return runFreeView(
          () => quotasApi.check(vodId, 4, controller.signal),
          currentUserId() > 0 ? () => quotasApi.claimView(vodId, sid, nid) : undefined,
        );
      })
      .then((value) => live && value && setResult({ key, value }))
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
