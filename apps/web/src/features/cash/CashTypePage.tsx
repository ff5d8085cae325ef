/**
 * Withdrawal account (spec §2 me/plog/cash-type; §5 "the account needs a name and a correct Alipay account, both
 * non-empty"): the bound Alipay account and real name, masked, and the form to set or change them. The name and
 * account are checked before sending (an Alipay account is a phone number or an e-mail address); the server checks
 * again and its message is shown. After saving, the page goes back (to the cash centre when it came from there). The
 * device's guest account (which the server refuses, 403) is asked to bind a phone before saving.
 */
import { ALIPAY_ACCOUNT_RE } from '@openvod/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../ui/feedback';
import page from '../../ui/moneyPage.module.css';
import { PageHeader } from '../../ui/PageHeader';
import { useGuestBuyGate } from '../account';
import own from './cash.module.css';
import { useCashAccount, useSetCashAccount } from './queries';

/** The money screens' shared classes (ui/moneyPage.module.css) with the cash screens' own. */
const styles = { ...page, ...own };

export default function CashTypePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useCashAccount();
  const save = useSetCashAccount();
  const guestGate = useGuestBuyGate('withdraw');
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [error, setError] = useState('');
  const current = account.data?.info ?? null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending || guestGate()) return;
    if (!name.trim()) return setError(t('cash.err.nameRequired'));
    if (!ALIPAY_ACCOUNT_RE.test(number.trim())) return setError(t('cash.err.accountFormat'));
    setError('');
    try {
      await save.mutateAsync({ cash_account: number.trim(), cash_name: name.trim() });
      toast(t('cash.saved'), 'success');
      navigate(-1);
    } catch (err) {
      setError(err instanceof Error ? err.message : t('common.loadingFailed'));
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.cashType')} />
      {current && (
        <div className={styles.section} data-testid="cash-type-current">
          <h2 className={styles.sectionTitle}>{t('cash.current')}</h2>
          <div className={styles.row}>
            <span>{t('cash.alipay')}</span>
            <span>
              {current.cash_name} {current.cash_account}
            </span>
          </div>
        </div>
      )}
      <form className={styles.section} onSubmit={submit} noValidate>
        <h2 className={styles.sectionTitle}>{current ? t('cash.edit') : t('cash.accountTitle')}</h2>
        <div className={styles.field}>
          <label htmlFor="cash-name">{t('cash.name')}</label>
          <input
            id="cash-name"
            className={styles.input}
            value={name}
            maxLength={64}
            autoComplete="name"
            onChange={(e) => setName(e.target.value)}
            placeholder={t('cash.namePlaceholder')}
            data-testid="cash-name"
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="cash-alipay">{t('cash.alipayAccount')}</label>
          <input
            id="cash-alipay"
            className={styles.input}
            value={number}
            maxLength={100}
            inputMode="email"
            autoComplete="off"
            onChange={(e) => setNumber(e.target.value)}
            placeholder={t('cash.alipayAccountPlaceholder')}
            data-testid="cash-alipay"
          />
        </div>
        <p className={styles.note}>{t('cash.accountHint')}</p>
        {error && (
          <p className={styles.error} role="alert" data-testid="cash-type-error">
            {error}
          </p>
        )}
        <button
          type="submit"
          className={`${styles.primary} ${styles.block}`}
          disabled={save.isPending}
          data-testid="cash-type-save"
        >
          {t('cash.save')}
        </button>
      </form>
    </div>
  );
}
