import type { DataQuery } from '@openvod/contract';
import type { ReactNode } from 'react';
import { InfiniteFooter, nextPageLoader } from '../../ui/InfiniteFooter';
import { EmptyView, ErrorView, errorMessage } from '../../ui/StateViews';
import styles from './InfiniteVodGrid.module.css';
import { useVodInfinite } from './queries';
import { VodGrid, VodGridSkeleton } from './VodCard';

interface Props {
  query: Omit<DataQuery, 'page'>;
  empty: ReactNode;
  enabled?: boolean;
  header?: (total: number) => ReactNode;
  testId?: string;
  /** Top category ids (`type_id_1`) whose titles are left out, e.g. the special categories in a film feed. */
  hideTypes?: ReadonlySet<number>;
}

/**
 * Title grid over `data`, loading page after page as the viewer scrolls (issue 4 item 5): skeleton cards while the
 * first page loads, the spec's 'There are no more movies available' at the end, lazily loaded posters.
 */
export function InfiniteVodGrid({ query, empty, enabled = true, header, testId, hideTypes }: Props) {
  const list = useVodInfinite(query, enabled);

  if (list.isPending)
    return (
      <div className={styles.wrap} role="status" aria-busy="true">
        <VodGridSkeleton />
      </div>
    );
  if (list.isError) return <ErrorView message={errorMessage(list.error)} onRetry={() => list.refetch()} />;

  const all = list.data.pages.flatMap((p) => p.list);
  const items = hideTypes?.size ? all.filter((v) => !hideTypes.has(v.type_id_1) && !hideTypes.has(v.type_id)) : all;
  const total = list.data.pages[0]?.total ?? items.length;
  if (items.length === 0 && !list.hasNextPage) return <EmptyView title={empty} />;

  return (
    <div className={styles.wrap} data-testid={testId}>
      {header?.(total)}
      <VodGrid list={items} />
      <InfiniteFooter loadMore={nextPageLoader(list)} hasMore={list.hasNextPage} />
    </div>
  );
}
