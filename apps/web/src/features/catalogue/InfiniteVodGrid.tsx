import type { DataQuery } from '@openvod/contract';
import { DotLoading, InfiniteScroll } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyView, ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import styles from './InfiniteVodGrid.module.css';
import { useVodInfinite } from './queries';
import { VodGrid } from './VodCard';

interface Props {
  query: Omit<DataQuery, 'page'>;
  empty: ReactNode;
  enabled?: boolean;
  header?: (total: number) => ReactNode;
}

/** Title grid over `data`, loading page after page as the viewer scrolls. */
export function InfiniteVodGrid({ query, empty, enabled = true, header }: Props) {
  const { t } = useTranslation();
  const list = useVodInfinite(query, enabled);

  if (list.isPending) return enabled ? <LoadingView /> : null;
  if (list.isError) return <ErrorView message={errorMessage(list.error)} onRetry={() => list.refetch()} />;

  const items = list.data.pages.flatMap((p) => p.list);
  const total = list.data.pages[0]?.total ?? items.length;
  if (items.length === 0) return <EmptyView title={empty} />;

  const loadMore = async () => {
    const result = await list.fetchNextPage();
    if (result.isError) throw result.error;
  };

  return (
    <div className={styles.wrap}>
      {header?.(total)}
      <VodGrid list={items} />
      <InfiniteScroll loadMore={loadMore} hasMore={list.hasNextPage} threshold={400}>
        {(hasMore, failed, retry) => (
          <div className={styles.footer}>
            {failed ? (
              <button type="button" className={styles.retry} onClick={retry}>
                {t('common.loadingFailed')} · {t('common.retry')}
              </button>
            ) : hasMore ? (
              <>
                <DotLoading color="primary" /> <span>{t('common.loading')}</span>
              </>
            ) : (
              <span data-testid="no-more">{t('common.noMore')}</span>
            )}
          </div>
        )}
      </InfiniteScroll>
    </div>
  );
}
