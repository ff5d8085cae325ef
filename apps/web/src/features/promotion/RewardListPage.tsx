/**
 * Distribution centre (spec §2 me/reward-list; §7 rewardList): the member's invitees by depth (tabs 1, 2, 3), each
 * with its masked name, when it registered, whether it is qualified, and what it earned the member; paged.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfiniteFooter } from '../../ui/InfiniteFooter';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, ErrorView, LoadingView } from '../../ui/StateViews';
import styles from './promotion.module.css';
import { useRewardList } from './queries';
import { yuan } from './text';

export default function RewardListPage() {
  const { t } = useTranslation();
  const [depth, setDepth] = useState(1);
  const q = useRewardList(depth);
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.rewardList')} />
      <div className={styles.tabs} role="tablist">
        {[1, 2, 3].map((d) => (
          <button
            key={d}
            type="button"
            role="tab"
            aria-selected={d === depth}
            className={`${styles.tab} ${d === depth ? styles.tabActive : ''}`}
            onClick={() => setDepth(d)}
            data-testid={`depth-${d}`}
          >
            {t('promotion.depth', { count: d })}
          </button>
        ))}
      </div>
      {q.isPending && <LoadingView />}
      {q.isError && !q.data && <ErrorView onRetry={() => void q.refetch()} />}
      {q.isSuccess && rows.length === 0 && <EmptyView title={t('promotion.noInvitees')} />}
      {rows.length > 0 && (
        <ul className={styles.section} style={{ listStyle: 'none' }} data-testid="invitee-list">
          {rows.map((r) => (
            <li key={r.user_id} className={styles.row} data-testid="invitee-item">
              <div className={styles.rowMain}>
                <span>
                  {r.name}{' '}
                  <span className={styles.badge}>
                    {r.qualified ? t('promotion.isQualified') : t('promotion.notQualified')}
                  </span>
                </span>
                <small className={styles.note}>{new Date(r.reg_time).toLocaleString()}</small>
              </div>
              <span className={styles.plus}>¥{yuan(r.earned_fen)}</span>
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
