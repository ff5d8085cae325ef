/**
 * Cash centre (spec §2 me/plog/cash-center; §5 withdrawal rules; §8 'Insufficient Balance', 'Withdrawal failed'):
 * available, reserved and pending amounts, the operator's minimum and fee, and the withdrawal form (amount, method
 * Alipay, the bound account masked with a link to change it). The §5 rules are checked before sending (amount not
 * below the minimum, balance enough, a method selected, an account with a name); the server checks them again with
 * the fraud flag and the caps and its message is shown. A successful request goes to the cash list. The device's
 * guest account (which the server refuses, 403) is asked to bind a phone before setting an account or withdrawing.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../lib/routes';
import { toast } from '../../ui/feedback';
import page from '../../ui/moneyPage.module.css';
import { PageHeader } from '../../ui/PageHeader';
import { ErrorView, LoadingView } from '../../ui/StateViews';
import { useGuestBuyGate } from '../account';
import own from './cash.module.css';
import { feeOf, parseYuan, yuan } from './money';
import { useCashCenter, useWithdraw } from './queries';

/** The money screens' shared classes (ui/moneyPage.module.css) with the cash screens' own. */
const styles = { ...page, ...own };

export default function CashCenterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const center = useCashCenter();
  const withdraw = useWithdraw();
  const guestGate = useGuestBuyGate('withdraw');
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<'alipay' | ''>('alipay');
  const [error, setError] = useState('');

  if (center.isPending) return <LoadingView />;
  if (center.isError || !center.data) {
    return (
      <div className={styles.page}>
        <PageHeader title={t('pages.cashCenter')} />
        <ErrorView onRetry={() => center.refetch()} />
      </div>
    );
  }
  const c = center.data;
  const { rules } = c;
  const fen = parseYuan(amount);
  const fee = fen ? feeOf(fen, rules) : 0;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (withdraw.isPending || guestGate()) return;
    if (!amount.trim()) return setError(t('cash.err.amountRequired'));
    if (fen === null) return setError(t('cash.err.amountFormat'));
    if (fen < rules.min_fen || fen - feeOf(fen, rules) < 10) {
      return setError(t('cash.err.belowMinimum', { amount: yuan(rules.min_fen) }));
    }
    if (fen > c.cash_fen) return setError(t('cash.err.insufficient'));
    if (!method) return setError(t('cash.err.methodRequired'));
    if (!c.account) return setError(t('cash.err.accountRequired'));
    setError('');
    try {
      await withdraw.mutateAsync(fen);
      toast(t('cash.success'), 'success');
      navigate(paths.cashList, { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : t('common.loadingFailed'));
    }
  }

  const feeText =
    rules.fee_bp || rules.fee_fixed_fen
      ? t('cash.fee', { rate: rules.fee_bp / 100, fixed: yuan(rules.fee_fixed_fen) })
      : t('cash.noFee');
  return (
    <div className={styles.page}>
      <PageHeader
        title={t('pages.cashCenter')}
        right={
          <Link to={paths.cashList} className={styles.headerLink} data-testid="cash-records">
            {t('cash.records')}
          </Link>
        }
      />
      <div className={styles.card}>
        <div className={styles.stats}>
          <div className={styles.balance}>
            <small>{t('cash.available')}</small>
            <strong data-testid="cash-available">{yuan(c.cash_fen)}</strong>
          </div>
          <div className={styles.balance}>
            <small>{t('cash.frozen')}</small>
            <strong data-testid="cash-frozen">{yuan(c.cash_frozen)}</strong>
          </div>
          <div className={styles.balance}>
            <small>{t('cash.pending')}</small>
            <strong data-testid="cash-pending">{yuan(c.earn_pending)}</strong>
          </div>
        </div>
      </div>
      <form className={styles.section} onSubmit={submit} noValidate>
        <h2 className={styles.sectionTitle}>{t('cash.method')}</h2>
        <div className={styles.choices}>
          <button
            type="button"
            className={styles.choice}
            aria-pressed={method === 'alipay'}
            onClick={() => setMethod(method === 'alipay' ? '' : 'alipay')}
            data-testid="cash-method-alipay"
          >
            {t('cash.alipay')}
          </button>
        </div>
        <div className={styles.row} data-testid="cash-account">
          <div className={styles.rowMain}>
            <span>{t('cash.account')}</span>
            <small className={styles.note}>
              {c.account ? `${c.account.cash_name} ${c.account.cash_account}` : t('cash.noAccount')}
            </small>
          </div>
          <Link
            to={paths.cashType}
            className={styles.link}
            onClick={(e) => {
              if (guestGate()) e.preventDefault();
            }}
            data-testid="cash-account-link"
          >
            {c.account ? t('cash.changeAccount') : t('cash.setAccount')}
          </Link>
        </div>
        <h2 className={styles.sectionTitle} style={{ marginTop: 12 }}>
          <label htmlFor="cash-amount">{t('cash.amount')}</label>
        </h2>
        <div className={styles.row}>
          <input
            id="cash-amount"
            className={styles.input}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, '').slice(0, 10))}
            placeholder={t('cash.amountPlaceholder')}
            data-testid="cash-amount"
          />
          <button
            type="button"
            className={styles.secondary}
            onClick={() => setAmount(yuan(c.cash_fen))}
            disabled={c.cash_fen <= 0}
            data-testid="cash-all"
          >
            {t('cash.all')}
          </button>
        </div>
        <p className={styles.note}>
          {t('cash.minimum', { amount: yuan(rules.min_fen) })} · {feeText}
          {fen && fee > 0 && fen > fee ? ` · ${t('cash.receive', { amount: yuan(fen - fee) })}` : ''}
        </p>
        {error && (
          <p className={styles.error} role="alert" data-testid="cash-error">
            {error}
          </p>
        )}
        <button
          type="submit"
          className={`${styles.primary} ${styles.block}`}
          disabled={withdraw.isPending}
          data-testid="cash-submit"
        >
          {withdraw.isPending ? t('cash.submitting') : t('cash.submit')}
        </button>
        <p className={styles.note}>{t('cash.arrival')}</p>
      </form>
    </div>
  );
}
