/**
 * Points centre (spec §2 me/plog/points-center; issue 7 item 5): the balance, the daily check-in button (setPlog
 * type 10; the server pays once per operator day, spec §4 Sign-in: checked in when today's task list has type 10)
 * and the points log as an infinite list (plogList), with links to the task list and the exchange centre.
 */
import { signedAmount } from '@openvod/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/routes';
import { InfiniteFooter } from '../../ui/InfiniteFooter';
import styles from '../../ui/moneyPage.module.css';
import { PageHeader } from '../../ui/PageHeader';
import { useCheckIn, usePlogList, useTasks } from './queries';
import { plogTypeName } from './text';

export default function PointsCenterPage() {
  const { t } = useTranslation();
  const tasks = useTasks();
  const log = usePlogList();
  const checkIn = useCheckIn();
  const signed = tasks.data?.isSignIn ?? false;
  const balance = tasks.data?.user_points ?? log.data?.pages[0]?.user_points ?? 0;
  const rows = log.data?.pages.flatMap((p) => p.list) ?? [];
  const message =
    checkIn.data &&
    (checkIn.data.point > 0 ? t('points.checkInOk', { count: checkIn.data.point }) : t('points.checkedIn'));
  const error = checkIn.error && (checkIn.error instanceof Error ? checkIn.error.message : t('common.loadingFailed'));

  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.pointsCenter')} />
      <div className={styles.card}>
        <div className={styles.balance}>
          <small>{t('points.balance')}</small>
          <strong data-testid="points-balance">{balance}</strong>
        </div>
        <button
          type="button"
          className={styles.primary}
          onClick={() => {
            if (!checkIn.isPending && !signed) checkIn.mutate();
          }}
          disabled={checkIn.isPending || signed || !tasks.data}
          data-testid="checkin"
        >
          {signed ? t('points.checkedIn') : t('points.checkIn')}
        </button>
      </div>
      {message && (
        <p className={`${styles.section} ${styles.result}`} role="status" data-testid="checkin-result">
          {message}
        </p>
      )}
      {error && (
        <p className={`${styles.section} ${styles.error}`} role="alert">
          {error}
        </p>
      )}
      <div className={styles.section} style={{ display: 'flex', gap: 8 }}>
        <Link to={paths.taskList} className={styles.choice} style={{ flex: 1, display: 'grid', placeItems: 'center' }}>
          {t('pages.taskList')}
        </Link>
        <Link
          to="/pages/me/plog/exchange-center"
          className={styles.choice}
          style={{ flex: 1, display: 'grid', placeItems: 'center' }}
          data-testid="to-exchange"
        >
          {t('pages.exchangeCenter')}
        </Link>
      </div>
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('points.log')}</h2>
        {rows.length === 0 && log.isSuccess && <p className={styles.note}>{t('points.logEmpty')}</p>}
        <ul data-testid="plog-list" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {rows.map((r) => (
            <li key={r.plog_id} className={styles.row} data-testid="plog-item">
              <div className={styles.rowMain}>
                <span>{plogTypeName(t, r.plog_type)}</span>
                <small className={styles.note}>{new Date(r.plog_time).toLocaleString()}</small>
              </div>
              <span className={r.plog_points > 0 ? styles.plus : styles.minus}>{signedAmount(r.plog_points)}</span>
            </li>
          ))}
        </ul>
        {/* The footer only while more pages exist: its end text is the catalogue's 'no more movies'. */}
        {log.isSuccess && log.hasNextPage && (
          <InfiniteFooter
            hasMore
            loadMore={async () => {
              await log.fetchNextPage();
            }}
          />
        )}
      </section>
    </div>
  );
}
