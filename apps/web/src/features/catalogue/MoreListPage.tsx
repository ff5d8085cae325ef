import type { VodOrder } from '@openvod/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/routes';
import { PageHeader } from '../../ui/PageHeader';
import { InfiniteVodGrid } from './InfiniteVodGrid';
import styles from './pages.module.css';
import { permissionMap, VipReminderPanel } from './permission';
import { useTypes } from './queries';

const ORDERS: readonly VodOrder[] = ['time', 'hits', 'hits_day', 'hits_week', 'hits_month', 'score'];

/** The `data` query of common/more-list from its route query (`type_id`, `order`, `level`); bad values dropped. */
export function moreListQuery(params: URLSearchParams) {
  const order = params.get('order') ?? '';
  const levelRaw = params.get('level');
  const level = levelRaw !== null && /^\d$/.test(levelRaw) ? Number(levelRaw) : undefined;
  return {
    type_id: positiveInt(params.get('type_id')),
    order: (ORDERS as readonly string[]).includes(order) ? (order as VodOrder) : ('time' as const),
    level,
    limit: 21,
  };
}

/** common/more-list: the full list behind a home block or category ("more"), page after page. */
export default function MoreListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = useMemo(() => moreListQuery(params), [params]);
  const types = useTypes();
  const locked = query.type_id !== undefined && permissionMap(types.data?.list).get(query.type_id) === 0;
  // A category's list waits for its permission flag (a failed getType leaves the server to decide).
  const known = query.type_id === undefined || !types.isPending;
  const title = (params.get('title') ?? '').trim().slice(0, 40) || t('pages.moreList');
  return (
    <div className={styles.page}>
      <PageHeader title={title} />
      {locked ? (
        <VipReminderPanel />
      ) : (
        <InfiniteVodGrid
          query={query}
          enabled={known}
          empty={t('common.noData')}
          testId="more-list"
          header={(total) => <p className={styles.count}>{t('sort.total', { count: total })}</p>}
        />
      )}
    </div>
  );
}
