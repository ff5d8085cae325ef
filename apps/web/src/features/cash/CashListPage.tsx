/**
 * Withdrawal records (spec §2 me/plog/cash-list; §3 Withdrawal record: time, type, account, state, amount): newest
 * first, page after page; the reason of a rejected or failed withdrawal is shown, and a withdrawal still pending
 * review can be cancelled (the amount returns to the available balance).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/routes';
import { confirm, toast } from '../../ui/feedback';
import { InfiniteFooter } from '../../ui/InfiniteFooter';
import page from '../../ui/moneyPage.module.css';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, ErrorView, LoadingView } from '../../ui/StateViews';
import own from './cash.module.css';
import type { CashItem } from './cashApi';
import { yuan } from './money';
import { useCancelWithdrawal, useCashList } from './queries';

/** The money screens' shared classes (ui/moneyPage.module.css) with the cash screens' own. */
const styles = { ...page, ...own };

export default function CashListPage() {
  const { t, i18n } = useTranslation();
  const list = useCashList();
  const cancel = useCancelWithdrawal();
  const rows = list.data?.pages.flatMap((p) => p.list) ?? [];
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

  async function onCancel(item: CashItem) {
    const yes = await confirm({
      content: t('cash.cancelConfirm'),
      confirmText: t('cash.cancel'),
      cancelText: t('common.cancel'),
    });
    if (!yes) return;
    try {
      await cancel.mutateAsync(item.cash_id);
      toast(t('cash.cancelled'), 'success');
    } catch (err) {
      toast(err instanceof Error ? err.message : t('common.loadingFailed'), 'fail');
    }
  }

  let body: React.ReactNode;
  if (list.isPending) body = <LoadingView />;
  else if (list.isError) body = <ErrorView onRetry={() => list.refetch()} />;
  else if (!rows.length) {
    body = (
      <EmptyView
        title={t('cash.empty')}
        action={
          <Link to={paths.cashCenter} className={styles.link}>
            {t('pages.cashCenter')}
          </Link>
        }
      />
    );
  } else {
    body = (
      <div className={styles.section}>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="cash-list">
          {rows.map((r) => (
            <li key={r.cash_id} className={styles.row} data-testid="cash-row" data-status={r.cash_status}>
              <div className={styles.rowMain}>
                <span>
                  {t(`cash.type.${r.cash_type}`)} {r.cash_bank_no}
                </span>
                <small className={styles.note}>{time(r.cash_time)}</small>
                {r.cash_fee > 0 && (
                  <small className={styles.note}>{t('cash.feeLine', { fee: yuan(r.cash_fee) })}</small>
                )}
                {r.cash_reason && (r.cash_status === 'rejected' || r.cash_status === 'failed') && (
                  <small className={styles.error} data-testid="cash-reason">
                    {t('cash.reason', { reason: r.cash_reason })}
                  </small>
                )}
              </div>
              <div className={styles.rowMain} style={{ textAlign: 'right' }}>
                <strong>¥{yuan(r.cash_money)}</strong>
                <span className={styles.status} data-status={r.cash_status}>
                  {t(`cash.status.${r.cash_status}`)}
                </span>
                {r.cash_status === 'pending' && (
                  <button
                    type="button"
                    className={styles.secondary}
                    onClick={() => onCancel(r)}
                    disabled={cancel.isPending}
                    data-testid="cash-cancel"
                  >
                    {t('cash.cancel')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <InfiniteFooter
            hasMore
            loadMore={async () => {
              await list.fetchNextPage();
            }}
          />
        )}
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.cashList')} />
      {body}
    </div>
  );
}
