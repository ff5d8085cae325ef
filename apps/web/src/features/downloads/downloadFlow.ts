/**
 * The free-view flow of spec §4 for downloads (log type 5; issue 17 item 1): before episodes are queued the server
 * is asked whether this user may download the title (checkBuyPopedom type 5); then, per episode and in order, the
 * download entry is written (ajaxUlog `ac=set` type 5 with its `sid`/`nid`), which takes a free download, else an
 * extra one from the ledger, or is refused; only after the entry is written is the episode handed to the downloader.
 * So each episode's entry is written exactly once per run, before `add`, and never for an episode that was not
 * added. A VIP or tourist-mode pass needs no use: the entry is still written for a signed-in caller (it takes
 * nothing then, and is the record the downloads report counts, modules/downloads); without a session (tourist mode)
 * the episodes are added directly.
 *
 * A refusal stops the run: the caller shows the blocked screen with the server's answer (spec §5: rewarded ad with
 * purpose 'download', log in, VIP) and, after an ad or a purchase, runs the flow again with `remaining`.
 */
import { type CheckBuyPopedomResponse, QUOTA_CODE } from '@openvod/contract';
import { ApiError } from '../../lib/api';
import type { DownloadRequest, DownloadTask } from './engine/types';

export type DownloadFlowResult =
  /** Every episode was added. */
  | { state: 'done'; added: DownloadTask[] }
  /** The server refused at `remaining[0]`: show the blocked screen with `check`; the episodes before it were added. */
  | { state: 'refused'; check: CheckBuyPopedomResponse; added: DownloadTask[]; remaining: DownloadRequest[] };

export interface DownloadFlowDeps {
  /** checkBuyPopedom(id, 5). */
  check: () => Promise<CheckBuyPopedomResponse>;
  /** ajaxUlog ac=set type 5 of one episode; undefined without a session (tourist mode). */
  claim: ((sid: number, nid: number) => Promise<unknown>) | undefined;
  /** The downloader's `add`. */
  add: (request: DownloadRequest) => Promise<DownloadTask>;
}

/** Refusals of the entry write that mean "show the blocked screen" rather than "failed". */
const REFUSAL_CODES = new Set<number>([
  QUOTA_CODE.quotaUsedUp,
  QUOTA_CODE.buyRequired,
  QUOTA_CODE.loginRequired,
  QUOTA_CODE.noRight,
]);

/** Refused writes of one episode before the run gives up (each is followed by a fresh check). */
const MAX_CLAIMS = 2;

/**
 * Run the flow for `requests` (episodes of one title, none of them already a task). Errors other than a refusal
 * (network, 5xx) reject, with the episodes before the failing one already added; running again with the rest
 * writes no entry twice.
 */
export async function runDownloadFlow(
  requests: readonly DownloadRequest[],
  deps: DownloadFlowDeps,
): Promise<DownloadFlowResult> {
  const added: DownloadTask[] = [];
  let answer = await deps.check();
  for (let i = 0; i < requests.length; i++) {
    const request = requests[i] as DownloadRequest;
    const refused = () => ({ state: 'refused' as const, check: answer, added, remaining: requests.slice(i) });
    if (!answer.allowed) return refused();
    if (deps.claim && answer.logged_in) {
      for (let attempt = 1; ; attempt++) {
        try {
          await deps.claim(request.sid, request.nid);
          break;
        } catch (err) {
          if (!(err instanceof ApiError && REFUSAL_CODES.has(err.code))) throw err;
          // Refused now (the last free download went to another episode or device): ask again. Still allowed (an
          // extra download arrived meanwhile) is tried once more; refused shows the blocked screen.
          answer = await deps.check();
          if (!answer.allowed) return refused();
          if (attempt >= MAX_CLAIMS) throw err;
        }
      }
    }
    added.push(await deps.add(request));
  }
  return { state: 'done', added };
}
