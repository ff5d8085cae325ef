/**
 * The request community (spec §2 seekmovie/index; §7 gbookView, gbookHit): every request with its upvotes and state,
 * filtered all / requesting / resolved, and the bar with "Request a movie" (me/seek-movie) and "My requests"
 * (me/my-seek-movie, with the unread badge). Writing is for members: a tourist is sent to sign in.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { InfiniteFooter } from '../../ui/InfiniteFooter';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import styles from './gbook.module.css';
import { GBOOK_PATHS, seekDetailPath } from './gbookPaths';
import { useMemberGate } from './memberGate';
import { useGbookList, useGbookUnread } from './queries';
import { RequestCard } from './RequestCard';

const FILTERS = ['all', 'requesting', 'resolved'] as const;

export default function SeekMoviePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const gate = useMemberGate();
  const [state, setState] = useState<(typeof FILTERS)[number]>('all');
  const q = useGbookList({ type: 'request', state });
  const unread = useGbookUnread().data?.request ?? 0;
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.seekMovie')} />
      <div className={styles.tabs} role="tablist">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={f === state}
            className={`${styles.tab} ${f === state ? styles.tabActive : ''}`}
            onClick={() => setState(f)}
            data-testid={`filter-${f}`}
          >
            {t(`gbook.${f}`)}
          </button>
        ))}
      </div>
      {q.isPending && <LoadingView />}
      {q.isError && !q.data && <ErrorView message={errorMessage(q.error)} onRetry={() => void q.refetch()} />}
      {q.isSuccess && rows.length === 0 && <EmptyView title={t('gbook.noRequests')} />}
      {rows.length > 0 && (
        <ul className={styles.list} data-testid="request-list">
          {rows.map((r) => (
            <RequestCard key={r.gbook_id} item={r} to={seekDetailPath(r.gbook_id)} />
          ))}
        </ul>
      )}
      {q.isSuccess && q.hasNextPage && <InfiniteFooter hasMore loadMore={async () => void (await q.fetchNextPage())} />}
      <div className={styles.bar}>
        <Link to={GBOOK_PATHS.mine} className={styles.secondary} data-testid="my-requests">
          {t('pages.mySeekMovie')}
          {unread > 0 && (
            <span className={styles.badge} data-testid="my-requests-badge">
              {unread}
            </span>
          )}
        </Link>
        <button
          type="button"
          className={styles.primary}
          data-testid="new-request"
          onClick={() => {
            if (!gate()) navigate(GBOOK_PATHS.form);
          }}
        >
          {t('pages.mySeekMovieRequest')}
        </button>
      </div>
    </div>
  );
}
