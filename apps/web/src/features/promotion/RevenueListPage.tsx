/**
 * Earnings log (spec §2 me/plog/revenue-list): every earning with its time, source, invitee, amount (yuan) and state
 * (pending with the day it becomes available, available, reversed with the reason), newest first, paged; the
 * pending and available totals above. The server releases due earnings before answering.
 */
import { useTranslation } from 'react-i18next';
import { InfiniteFooter } from '../../ui/InfiniteFooter';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, ErrorView, LoadingView } from '../../ui/StateViews';
import styles from './promotion.module.css';
import { useRevenueList } from './queries';
import { sourceName, statusName, yuan } from './text';

export default function RevenueListPage() {
  const { t } = useTranslation();
  const q = useRevenueList();
  const first = q.data?.pages[0];
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.revenueList')} />
      {first && (
        <div className={styles.totals} style={{ gridTemplateColumns: '1fr 1fr', marginTop: 12 }}>
          <div className={styles.total}>
            <strong data-testid="revenue-pending">{yuan(first.pending_fen)}</strong>
            <small>{t('promotion.pending')}</small>
          </div>
          <div className={styles.total}>
            <strong data-testid="revenue-available">{yuan(first.available_fen)}</strong>
            <small>{t('promotion.available')}</small>
          </div>
        </div>
      )}
      {q.isPending && <LoadingView />}
      {q.isError && !q.data && <ErrorView onRetry={() => void q.refetch()} />}
      {q.isSuccess && rows.length === 0 && <EmptyView title={t('promotion.noEarnings')} />}
      {rows.length > 0 && (
        <ul className={styles.section} style={{ listStyle: 'none' }} data-testid="earning-list">
          {rows.map((e) => (
            <li key={e.earning_id} className={styles.row} data-testid="earning-item">
              <div className={styles.rowMain}>
                <span>
                  {sourceName(t, e.source)}
                  {e.invitee ? ` · ${e.invitee}` : ''}
                  {e.depth > 1 ? ` · ${t('promotion.depth', { count: e.depth })}` : ''}
                </span>
                <small className={styles.note}>
                  {new Date(e.created_at).toLocaleString()} · {statusName(t, e.status)}
                  {e.status === 'pending'
                    ? ` · ${t('promotion.availableOn', { date: new Date(e.available_at).toLocaleDateString() })}`
                    : ''}
                  {e.status === 'reversed' && e.reverse_reason ? ` · ${e.reverse_reason}` : ''}
                </small>
              </div>
              <span className={e.status === 'reversed' ? styles.muted : styles.plus} data-testid="earning-amount">
                +{yuan(e.amount_fen)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {q.isSuccess && q.hasNextPage && (
        <InfiniteFooter
          hasMore
          loadMore={async () => {
            await q.fetchNextPage();
          }}
        />
      )}
    </div>
  );
}
