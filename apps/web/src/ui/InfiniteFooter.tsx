import { DotLoading, InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './InfiniteFooter.module.css';

interface Props {
  /** Fetch the next page; a rejected promise shows 'Loading failed · Retry'. */
  loadMore: () => Promise<void>;
  hasMore: boolean;
  /** How far ahead of the end (px) the next page starts loading; 400 unless told. */
  threshold?: number;
  /** Show only the spinner while loading, without the 'Loading' label (the live channel list). */
  spinnerOnly?: boolean;
  /** The end line naming the list's own kind ('No more wallpapers'); the catalogue's 'no more movies' unless told. */
  endText?: string;
}

/**
 * The end of an infinite list: loads the next page as it scrolls into view (antd-mobile InfiniteScroll, `threshold`
 * px ahead), a spinner while loading, a retry after a failure and the spec §8 'There are no more movies available'
 * (`data-testid="no-more"`).
 */
export function InfiniteFooter({ loadMore, hasMore, threshold = 400, spinnerOnly = false, endText }: Props) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll loadMore={loadMore} hasMore={hasMore} threshold={threshold}>
      {(more, failed, retry) => (
        <div className={styles.footer}>
          {failed ? (
            <button type="button" className={styles.retry} onClick={retry}>
              {t('common.loadingFailed')} · {t('common.retry')}
            </button>
          ) : more ? (
            spinnerOnly ? (
              <DotLoading color="primary" />
            ) : (
              <>
                <DotLoading color="primary" /> <span>{t('common.loading')}</span>
              </>
            )
          ) : (
            <span data-testid="no-more">{endText ?? t('common.noMore')}</span>
          )}
        </div>
      )}
    </InfiniteScroll>
  );
}

/** `fetchNextPage` of an infinite query as InfiniteScroll wants it (rejects when the page failed). */
export function nextPageLoader(list: {
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
}): () => Promise<void> {
  return async () => {
    const result = await list.fetchNextPage();
    if (result.isError) throw result.error;
  };
}
