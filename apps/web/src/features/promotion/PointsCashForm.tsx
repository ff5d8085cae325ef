/**
 * Points → cash on the promotion centre (exchangePointsCash): the member's points, the operator's rate (`scale`
 * points per yuan) and what the entered points make (fen = floor(points × 100 / scale)); the money lands pending like
 * every earning. Shown only while the operator offers the exchange (scale > 0); the server's refusals
 * ('Insufficient Balance', too few points) are shown as they come.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import styles from './promotion.module.css';
import { useExchangePoints } from './queries';
import { yuan } from './text';

export function PointsCashForm({ scale }: { scale: number }) {
  const { t } = useTranslation();
  const points = useSession((s) => s.user?.user_points ?? 0);
  const [value, setValue] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const exchange = useExchangePoints();
  const n = /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : 0;
  const fen = scale > 0 ? Math.floor((n * 100) / scale) : 0;

  async function submit() {
    setMessage('');
    setError('');
    if (fen < 1) {
      setError(t('promotion.exchangeTooFew', { count: Math.ceil(scale / 100) || 1 }));
      return;
    }
    try {
      const r = await exchange.mutateAsync(n);
      setMessage(t('promotion.exchangeOk', { amount: yuan(r.amount_fen) }));
      setValue('');
    } catch (err) {
      setError(err instanceof Error ? err.message : t('common.loadingFailed'));
    }
  }

  return (
    <section className={styles.section} data-testid="points-cash">
      <h2 className={styles.sectionTitle}>{t('promotion.exchangeTitle')}</h2>
      <p className={styles.note}>
        {t('promotion.ruleScale', { count: scale })} · {t('promotion.myPoints', { count: points })}
      </p>
      <div className={styles.codeRow}>
        <input
          className={styles.input}
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t('promotion.exchangePlaceholder')}
          aria-label={t('promotion.exchangePlaceholder')}
          data-testid="points-cash-input"
        />
        <button
          type="button"
          className={styles.primary}
          onClick={() => void submit()}
          disabled={exchange.isPending}
          data-testid="points-cash-submit"
        >
          {fen > 0 ? t('promotion.exchangeFor', { amount: yuan(fen) }) : t('promotion.exchange')}
        </button>
      </div>
      {message && (
        <p className={styles.note} role="status" data-testid="points-cash-result">
          {message}
        </p>
      )}
      {error && (
        <p className={styles.flag} style={{ margin: '8px 0 0' }} role="alert" data-testid="points-cash-error">
          {error}
        </p>
      )}
    </section>
  );
}
