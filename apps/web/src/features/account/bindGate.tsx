/**
 * Spec §5 "Buying requires login" for the device's automatic guest account (spec §4 Auto login): before a guest pays,
 * it is asked to bind a phone (bind-phone keeps the same account and makes it a member, with its VIP, points and
 * history), or to sign in to an account it already has (the server then moves the guest's VIP time, points and logs
 * into that account: apps/server modules/accounts/guest-merge.ts). The server refuses a guest's order on its own
 * (403, BillingErrorCode.bindPhoneRequired); this asks first so the viewer never meets that refusal. A withdrawal
 * (modules/cash: 403 CashErrorCode.bindPhoneRequired for a guest) asks the same, with the bind only: a promoter's
 * invitees and earnings belong to this account and would not follow a sign-in to another one.
 */
import { Dialog } from 'antd-mobile';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/routes';
import { confirm } from '../../ui/feedback';
import styles from './BindPhonePage.module.css';
import { useIsGuest } from './guestIdentity';

/** What the guest is about to do: `buy` (VIP, points: bind or sign in) or `withdraw` (cash: bind only). */
export type GuestGatePurpose = 'buy' | 'withdraw';

/**
 * A guard for a pay (or withdraw) button: returns true (and asks the viewer to bind a phone, or for a purchase to
 * sign in, coming back to this page afterwards) when the signed-in user is the device's guest, false when the action
 * may go on.
 */
export function useGuestBuyGate(purpose: GuestGatePurpose = 'buy'): () => boolean {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const isGuest = useIsGuest();
  return useCallback(() => {
    if (!isGuest) return false;
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    const signIn = () => {
      Dialog.clear();
      navigate(`${paths.login}?redirect=${back}`, { state: { returnsBack: true } });
    };
    void confirm({
      title: purpose === 'buy' ? t('bindPhone.buyTitle') : t('bindPhone.withdrawTitle'),
      content: (
        <div className={styles.prompt} data-testid="bind-prompt">
          <p>{purpose === 'buy' ? t('bindPhone.buyText') : t('bindPhone.withdrawText')}</p>
          {purpose === 'buy' && (
            <button type="button" className={styles.promptLink} onClick={signIn} data-testid="bind-prompt-login">
              {t('bindPhone.buyHaveAccount')}
            </button>
          )}
        </div>
      ),
      confirmText: <span data-testid="bind-prompt-bind">{t('bindPhone.buyBind')}</span>,
      cancelText: t('common.cancel'),
    }).then((yes) => {
      // bind-phone goes back to this entry of the history when done (BindPhonePage: `returnsBack`).
      if (yes) navigate(`${paths.bindPhone}?redirect=${back}`, { state: { returnsBack: true } });
    });
    return true;
  }, [isGuest, location.pathname, location.search, navigate, purpose, t]);
}
