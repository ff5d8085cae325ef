/**
 * What a rewarded-ad show ended as, for the viewer (issue 7 item 3; spec §4 "Rewarded ad wrapper"), shared by the
 * web's own video ad (rewarded.ts) and the native shells' networks (nativeRewarded.ts): a toast and the outcome the
 * caller acts on. Only the server's grant (`granted`) makes 'rewarded'.
 */
import { ApiError } from '../../lib/api';
import { i18n } from '../../lib/i18n';
import { toast } from '../../ui/feedback';
import type { ShowOutcome } from './wrapper';

export type RewardedPurpose = 'view' | 'download';
export type RewardedOutcome = 'rewarded' | 'closed' | 'failed';

/**
 * Toast and outcome of a finished show: closed early → 'closed'; ended and granted by the server → 'rewarded';
 * otherwise 'failed' with `failMessage` (when given), else the server's message of `lastError`, else the generic
 * failure.
 */
export function settleRewarded(
  outcome: ShowOutcome,
  s: { granted: boolean; lastError?: unknown },
  purpose: RewardedPurpose,
  failMessage?: string,
): RewardedOutcome {
  if (outcome.status === 'closed') {
    toast(i18n.t('rewarded.closedEarly'));
    return 'closed';
  }
  if (outcome.status === 'ended' && s.granted) {
    toast(i18n.t(purpose === 'view' ? 'rewarded.grantedView' : 'rewarded.grantedDownload'), 'success');
    return 'rewarded';
  }
  const message = failMessage ?? (s.lastError instanceof ApiError ? s.lastError.message : i18n.t('rewarded.failed'));
  toast(message, 'fail');
  return 'failed';
}
