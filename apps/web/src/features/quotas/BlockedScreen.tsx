/**
 * The screen shown in place of the player when the server refuses a view (issue 7 item 2; spec §5 "When views or
 * downloads run out: watch an ad, log in or become VIP"; MacCMS per-title prices, research/maccms.md §3):
 *
 * - `blocked` (free and extra views used up): the three choices of spec §5 — watch a rewarded ad (`onWatchAd`,
 *   composed by app/ from features/ads), log in (to a member account; guests especially), become VIP (buy-center) —
 *   and a link to exchange points for views (exchange-center);
 * - `buy` (a points-priced title): "buy with N points" (ajaxBuyPopedom) or become VIP;
 * - `login` (no session: a priced title, or any title outside tourist mode): log in;
 * - `no_right` (the group may not play this category): become VIP.
 *
 * After an ad, a purchase or a sign-in the page asks the server again (`onRetry`); nothing is granted here.
 *
 * `kind` 5 is the same screen for downloads (issue 17 item 1: the title page's download sheet): its texts say
 * "no download times left" (spec §8) and a purchase buys the title's download access.
 */
import type { CheckBuyPopedomResponse } from '@openvod/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applyPointsBalance } from '../../lib/pointsBalance';
import { toast, toastError } from '../../ui/feedback';
import { CoinIcon, CrownIcon, LockIcon, PlayIcon, UserIcon } from '../../ui/icons';
import styles from './quotas.module.css';
import { quotasApi } from './quotasApi';

export interface BlockedScreenProps {
  vodId: number;
  check: CheckBuyPopedomResponse;
  /** 4 play (default), 5 download. */
  kind?: 4 | 5;
  poster?: string;
  /** Watch a rewarded ad for one view; resolves when the ad is over (the page then retries). Absent = no choice. */
  onWatchAd?: () => Promise<void>;
  onLogin: () => void;
  onVip: () => void;
  onExchange: () => void;
  /** Ask the server again. */
  onRetry: () => void;
}

export function BlockedScreen({
  vodId,
  check,
  kind = 4,
  poster,
  onWatchAd,
  onLogin,
  onVip,
  onExchange,
  onRetry,
}: BlockedScreenProps) {
  const { t } = useTranslation();
  const choices = new Set(check.choices);
  const client = useQueryClient();
  const buyMutation = useMutation({
    mutationFn: () => quotasApi.buy(vodId, kind),
    onSuccess: (r) => {
      toast(t('quotas.bought', { points: r.user_points }), 'success');
      // The points spent: the stored user and the points screens (lib/pointsBalance).
      applyPointsBalance(r.user_points, client);
      onRetry();
    },
    onError: (err) => toastError(err, t('quotas.buyFailed')),
  });
  // The ad starts at the tap (the browser lets media and full screen start only within it); the mutation tracks it.
  const watchAd = useMutation({ mutationFn: (playing: Promise<void>) => playing });
  const busy = buyMutation.isPending || watchAd.isPending;
  const buy = () => {
    if (!busy) buyMutation.mutate();
  };

  const download = kind === 5;
  let title: string;
  let text: string;
  switch (check.reason) {
    case 'buy':
      title = t('quotas.buyTitle', { price: check.price });
      text = t('quotas.buyText', { points: check.user_points });
      break;
    case 'login':
      // A priced title without a session, or any title without one outside tourist mode (quotas.service.ts).
      title =
        check.price > 0
          ? t('quotas.buyTitle', { price: check.price })
          : t(download ? 'quotas.loginToDownloadTitle' : 'quotas.loginToWatchTitle');
      text =
        check.price > 0
          ? t('quotas.loginText')
          : t(download ? 'quotas.loginToDownloadText' : 'quotas.loginToWatchText');
      break;
    case 'no_right':
      title = t(download ? 'quotas.downloadNoRightTitle' : 'quotas.noRightTitle');
      text = t(download ? 'quotas.downloadNoRightText' : 'quotas.noRightText');
      break;
    default:
      title = t(download ? 'quotas.downloadUsedUpTitle' : 'quotas.usedUpTitle');
      text = t(download ? 'quotas.downloadUsedUpText' : 'quotas.usedUpText');
  }

  return (
    <div className={styles.screen} data-testid="quota-blocked" data-reason={check.reason} data-kind={kind}>
      {poster && <img className={styles.backdrop} src={poster} alt="" />}
      <div className={styles.body}>
        <LockIcon size={26} />
        <strong className={styles.title}>{title}</strong>
        <p className={styles.text}>{text}</p>
        {check.reason === 'blocked' && (
          <p className={styles.count} data-testid="quota-count">
            {t(download ? 'quotas.freeDownloadCount' : 'quotas.freeCount', {
              used: check.free.used,
              total: check.free.total,
            })}
          </p>
        )}
        <div className={styles.choices}>
          {choices.has('points') && (
            <button
              type="button"
              className={styles.primary}
              onClick={buy}
              disabled={busy}
              data-testid="quota-choice-points"
            >
              <CoinIcon size={18} />
              {t('quotas.buyWithPoints', { price: check.price })}
            </button>
          )}
          {choices.has('ad') && onWatchAd && (
            <button
              type="button"
              className={styles.primary}
              onClick={() => {
                if (!busy) watchAd.mutate(onWatchAd());
              }}
              disabled={busy}
              data-testid="quota-choice-ad"
            >
              <PlayIcon size={18} />
              {t('quotas.watchAd')}
            </button>
          )}
          {choices.has('login') && (
            <button type="button" className={styles.secondary} onClick={onLogin} data-testid="quota-choice-login">
              <UserIcon size={18} />
              {check.guest ? t('quotas.login') : t('quotas.switchAccount')}
            </button>
          )}
          {choices.has('vip') && (
            <button type="button" className={styles.vip} onClick={onVip} data-testid="quota-choice-vip">
              <CrownIcon size={18} />
              {t('quotas.becomeVip')}
            </button>
          )}
        </div>
        {check.reason === 'blocked' && check.logged_in && (
          <button type="button" className={styles.link} onClick={onExchange} data-testid="quota-exchange">
            {t(download ? 'quotas.downloadExchange' : 'quotas.exchange')}
          </button>
        )}
      </div>
    </div>
  );
}
