/**
 * One request (spec §2 seekmovie/seek-movie-detail?id=; §7 gbookView with `id`, gbookHit): its details, upvotes and
 * state, the operator's reply and, once resolved, the linked title.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import styles from './gbook.module.css';
import { useGbookItem } from './queries';
import { RequestCard } from './RequestCard';

export default function SeekMovieDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const q = useGbookItem(Number.isInteger(id) && id > 0 ? id : 0);
  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.seekMovieDetail')} />
      {!(id > 0) && <EmptyView title={t('gbook.notFound')} />}
      {id > 0 && q.isPending && <LoadingView />}
      {q.isError && <ErrorView message={errorMessage(q.error)} onRetry={() => void q.refetch()} />}
      {q.isSuccess && !q.data && <EmptyView title={t('gbook.notFound')} />}
      {q.data && (
        <ul className={styles.list} data-testid="request-detail">
          <RequestCard item={q.data} />
        </ul>
      )}
    </div>
  );
}
