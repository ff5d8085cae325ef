/**
 * Exchange centre (spec §2 me/plog/exchange-center; §5 "Exchange needs a type and a count"): points for view or
 * download times, or VIP days of a group (exchangeNumber). The type and count are required and checked before
 * sending; each attempt carries its own key, kept after a timeout or network failure (lib/idempotency), so pressing
 * again after an unanswered request spends nothing twice. Overdrafts and switched-off
 * exchanges show the server's translated message.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAttemptKeys } from '../../lib/idempotency';
import { applyPointsBalance } from '../../lib/pointsBalance';
import { queryClient } from '../../lib/queryClient';
import styles from '../../ui/moneyPage.module.css';
import { PageHeader } from '../../ui/PageHeader';
import { refreshMembership } from '../vip';
import { pointsApi } from './pointsApi';
import { useRates, useTasks } from './queries';

type Kind = 'view' | 'download' | 'vip';

export default function ExchangeCenterPage() {
  const { t } = useTranslation();
  const tasks = useTasks();
  const rates = useRates();
  const [type, setType] = useState<Kind | ''>('');
  const [groupId, setGroupId] = useState<number | undefined>();
  const [count, setCount] = useState('');
  const [error, setError] = useState('');
  const [result, setResult] = useState('');
  const [busy, setBusy] = useState(false);
  const [keys] = useState(createAttemptKeys);
  const vipGroups = rates.data?.vip ?? [];
  const price =
    type === 'view'
      ? rates.data?.view
      : type === 'download'
        ? rates.data?.download
        : vipGroups.find((g) => g.group_id === groupId)?.points_per_day;
  const n = Number(count);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setResult('');
    if (!type) return setError(t('points.typeRequired'));
    if (type === 'vip' && groupId === undefined) return setError(t('points.groupRequired'));
    if (!count.trim() || !Number.isInteger(n) || n < 1 || n > 1000) return setError(t('points.countRequired'));
    setError('');
    setBusy(true);
    try {
      const r = await keys.run(`${type}:${groupId ?? ''}:${n}`, (key) =>
        pointsApi.exchange({ type, count: n, ...(type === 'vip' ? { group_id: groupId } : {}), key }),
      );
      setResult(t('points.exchangeOk', { count: r.point }));
      setCount('');
      // The balance spent reaches the me page too (lib/pointsBalance).
      applyPointsBalance(r.user_points);
      await queryClient.invalidateQueries({ queryKey: ['points'] });
      if (type === 'vip') await refreshMembership();
    } catch (err) {
      setError(err instanceof Error ? err.message : t('common.loadingFailed'));
    } finally {
      setBusy(false);
    }
  }

  const kinds: Kind[] = vipGroups.length ? ['view', 'download', 'vip'] : ['view', 'download'];
  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.exchangeCenter')} />
      <div className={styles.card}>
        <div className={styles.balance}>
          <small>{t('points.balance')}</small>
          <strong data-testid="exchange-balance">{tasks.data?.user_points ?? '-'}</strong>
        </div>
        <div className={styles.balance} style={{ textAlign: 'right' }}>
          <small data-testid="exchange-credits">
            {t('points.credits', {
              views: tasks.data?.credits.views ?? 0,
              downs: tasks.data?.credits.downloads ?? 0,
            })}
          </small>
        </div>
      </div>
      <form className={styles.section} onSubmit={submit} noValidate>
        <h2 className={styles.sectionTitle}>{t('points.exchangeType')}</h2>
        <div className={styles.choices}>
          {kinds.map((k) => (
            <button
              key={k}
              type="button"
              className={styles.choice}
              aria-pressed={type === k}
              onClick={() => setType(k)}
              data-testid={`exchange-type-${k}`}
            >
              {t(`points.kind.${k}`)}
            </button>
          ))}
        </div>
        {type === 'vip' && (
          <div className={styles.choices} style={{ marginTop: 8 }}>
            {vipGroups.map((g) => (
              <button
                key={g.group_id}
                type="button"
                className={styles.choice}
                aria-pressed={groupId === g.group_id}
                onClick={() => setGroupId(g.group_id)}
              >
                {g.group_name}
              </button>
            ))}
          </div>
        )}
        <h2 className={styles.sectionTitle} style={{ marginTop: 12 }}>
          <label htmlFor="exchange-count">{t('points.count')}</label>
        </h2>
        <input
          id="exchange-count"
          className={styles.input}
          inputMode="numeric"
          value={count}
          onChange={(e) => setCount(e.target.value.replace(/\D/g, '').slice(0, 4))}
          placeholder={t('points.countPlaceholder')}
          data-testid="exchange-count"
        />
        {type && price !== undefined && (
          <p className={styles.note}>
            {t('points.price', { count: price })}
            {n > 0 ? ` · ${t('points.cost', { count: price * n })}` : ''}
          </p>
        )}
        {error && (
          <p className={styles.error} role="alert" data-testid="exchange-error">
            {error}
          </p>
        )}
        <button
          type="submit"
          className={`${styles.primary} ${styles.block}`}
          disabled={busy}
          data-testid="exchange-submit"
        >
          {t('points.exchange')}
        </button>
        {result && (
          <p className={styles.result} role="status" data-testid="exchange-result">
            {result}
          </p>
        )}
      </form>
    </div>
  );
}
