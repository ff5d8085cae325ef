/**
 * My requests (spec §2 me/my-seek-movie/index; §7 gbookView mine=1): the member's requests with their states;
 * resolved ones link to the title; those resolved or replied since last seen carry a "New" mark (listing them
 * clears the Me page's badge).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfiniteFooter } from '../../ui/InfiniteFooter';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import styles from './gbook.module.css';
import { GBOOK_PATHS, seekDetailPath } from './gbookPaths';
import { LoginFirst } from './LoginFirst';
import { useIsMember } from './memberGate';
import { useGbookList } from './queries';
import { RequestCard } from './RequestCard';

export default function MySeekMoviePage() {
  const { t } = useTranslation();
  const member = useIsMember();
  const q = useGbookList({ type: 'request', mine: true }, member);
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.mySeekMovie')} />
      {!member && <LoginFirst />}
      {member && q.isPending && <LoadingView />}
      {q.isError && !q.data && <ErrorView message={errorMessage(q.error)} onRetry={() => void q.refetch()} />}
      {q.isSuccess && rows.length === 0 && <EmptyView title={t('gbook.noMine')} />}
      {rows.length > 0 && (
        <ul className={styles.list} data-testid="my-request-list">
          {rows.map((r) => (
            <RequestCard key={r.gbook_id} item={r} to={seekDetailPath(r.gbook_id)} />
          ))}
        </ul>
      )}
      {q.isSuccess && q.hasNextPage && <InfiniteFooter hasMore loadMore={async () => void (await q.fetchNextPage())} />}
      <div className={styles.bar}>
        <Link to={GBOOK_PATHS.form} className={styles.primary} data-testid="new-request">
          {t('pages.mySeekMovieRequest')}
        </Link>
      </div>
    </div>
  );
}
