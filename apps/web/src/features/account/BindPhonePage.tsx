import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { accountApi } from '../../lib/accountApi';
import { useAppConfig } from '../../lib/appConfig';
import { safeRedirect } from '../../lib/routes';
import { useSession } from '../../lib/session';
import { toast } from '../../ui/feedback';
import { LockIcon, PhoneIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import styles from './BindPhonePage.module.css';
import { CodeButton } from './CodeButton';
import login from './LoginPage.module.css';
import { maskPhone } from './phone';
import { checkPhone, checkPhoneCode, type ValidationKey } from './validation';

/**
 * Spec §2 bind-phone: code + bind; the reward (bindPhonePoint) is shown; phones are shown masked. With `?redirect=`
 * (the bind prompt before a guest pays, bindGate.tsx) a successful bind returns to that page: back in the history
 * when the prompt opened this page from it (navigation state `returnsBack`), so no second copy of that page is left
 * behind; otherwise this page is replaced by it.
 */
export default function BindPhonePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const returnsBack = (useLocation().state as { returnsBack?: boolean } | null)?.returnsBack === true;
  const config = useAppConfig();
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<ValidationKey | undefined>();
  const [busy, setBusy] = useState(false);
  const [reward, setReward] = useState<number | undefined>();

  if (!user) return null;

  async function sendCode(): Promise<number | undefined> {
    const failed = checkPhone(phone);
    setError(failed);
    if (failed) return undefined;
    try {
      const res = await accountApi.bindPhoneCode({ phone: phone.trim() });
      toast(t('account.codeSent'), 'success');
      return res.resend_after;
    } catch (err) {
      toast(err instanceof Error ? err.message : t('common.loadingFailed'), 'fail');
      return undefined;
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const failed = checkPhoneCode(phone, code);
    setError(failed);
    if (failed || busy) return;
    setBusy(true);
    try {
      const res = await accountApi.bindPhone({ phone: phone.trim(), code: code.trim() });
      setUser(res.info);
      setReward(res.point);
      setPhone('');
      setCode('');
      toast(res.point > 0 ? t('bindPhone.boundWithPoints', { points: res.point }) : t('bindPhone.bound'), 'success');
      if (redirect && returnsBack) navigate(-1);
      else if (redirect) navigate(safeRedirect(redirect), { replace: true });
    } catch (err) {
      toast(err instanceof Error ? err.message : t('common.loadingFailed'), 'fail');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.bindPhone')} />
      <div className={styles.current} data-testid="bind-current">
        <PhoneIcon size={28} />
        {user.user_phone ? (
          <span>
            {t('bindPhone.current')} <strong data-testid="bind-masked">{maskPhone(user.user_phone)}</strong>
          </span>
        ) : (
          <span>{t('bindPhone.none')}</span>
        )}
      </div>
      {!user.user_phone && config.bindPhonePoint > 0 && (
        <p className={styles.rewardHint}>{t('bindPhone.rewardHint', { points: config.bindPhonePoint })}</p>
      )}
      {reward !== undefined && (
        <p className={styles.reward} role="status" data-testid="bind-reward">
          {reward > 0 ? t('bindPhone.boundWithPoints', { points: reward }) : t('bindPhone.bound')}
        </p>
      )}

      <form className={`${login.form} ${styles.form}`} noValidate onSubmit={onSubmit}>
        <div className={login.field}>
          <span className={login.fieldIcon}>
            <PhoneIcon />
          </span>
          <input
            type="tel"
            inputMode="tel"
            maxLength={14}
            placeholder={user.user_phone ? t('bindPhone.newPhone') : t('account.phonePlaceholder')}
            aria-label={t('account.phone')}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            data-testid="bind-phone"
          />
        </div>
        <div className={login.field}>
          <span className={login.fieldIcon}>
            <LockIcon />
          </span>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('account.codePlaceholder')}
            aria-label={t('account.code')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            data-testid="bind-code"
          />
          <CodeButton onSend={sendCode} testId="bind-send-code" />
        </div>
        {error && (
          <p className={styles.error} role="alert" data-testid="form-error">
            {t(error)}
          </p>
        )}
        <button type="submit" className={login.submit} disabled={busy} data-testid="bind-submit">
          {user.user_phone ? t('bindPhone.rebind') : t('bindPhone.bind')}
        </button>
      </form>
    </div>
  );
}
