import { Tabs } from 'antd-mobile';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths, positiveInt } from '../../lib/routes';
import { SearchIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import { ChipRow } from './ChipRow';
import {
  buildDataQuery,
  effectiveExtend,
  FILTER_KEYS,
  type Filters,
  filterRows,
  findCategory,
  SORT_ORDERS,
  type SortOrder,
  sanitizeFilters,
} from './filters';
import { InfiniteVodGrid } from './InfiniteVodGrid';
import listStyles from './pages.module.css';
import { useCategoryGuard, VipBadge, VipReminderPanel } from './permission';
import { useTypes } from './queries';
import styles from './SortPage.module.css';

const ALL = '';

export default function SortPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const types = useTypes();
  const { guard, locked } = useCategoryGuard();
  const typeId = positiveInt(params.get('type_id'));
  const orderParam = params.get('order');
  const order: SortOrder = (SORT_ORDERS as readonly string[]).includes(orderParam ?? '')
    ? (orderParam as SortOrder)
    : 'time';

  const match = useMemo(() => (types.data ? findCategory(types.data.list, typeId) : undefined), [types.data, typeId]);
  const rows = useMemo(() => (match ? filterRows(effectiveExtend(match)) : []), [match]);
  const filters = useMemo(() => {
    const raw: Filters = {};
    for (const key of FILTER_KEYS) {
      const v = params.get(key);
      if (v) raw[key] = v;
    }
    return sanitizeFilters(raw, rows);
  }, [params, rows]);

  const update = (changes: Record<string, string | number | undefined>, resetFilters = false) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (resetFilters) for (const key of FILTER_KEYS) next.delete(key);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      },
      { replace: true },
    );
  };

  const activeTypeId = match ? (match.sub?.type_id ?? match.top.type_id) : undefined;
  const query = useMemo(() => {
    const { page: _page, ...rest } = buildDataQuery(activeTypeId, filters, order, 1);
    return rest;
  }, [activeTypeId, filters, order]);

  const search = (
    <Link to={paths.search} className={listStyles.iconLink} aria-label={t('common.search')}>
      <SearchIcon size={20} />
    </Link>
  );

  let body: ReactNode;
  if (types.isPending) body = <LoadingView />;
  else if (types.isError) body = <ErrorView message={errorMessage(types.error)} onRetry={() => types.refetch()} />;
  else if (!match) body = <EmptyView title={t('common.noData')} />;
  else {
    const { top, sub } = match;
    body = (
      <>
        <div className={`${listStyles.tabs} ${styles.tabs}`}>
          <Tabs
            activeKey={String(top.type_id)}
            onChange={(key) => {
              if (guard(Number(key))) update({ type_id: key }, true);
            }}
            stretch={false}
            activeLineMode="fixed"
          >
            {types.data.list.map((c) => (
              <Tabs.Tab
                key={String(c.type_id)}
                title={
                  <span data-testid={`sort-tab-${c.type_id}`}>
                    {c.type_name}
                    {locked(c.type_id) && <VipBadge />}
                  </span>
                }
              />
            ))}
          </Tabs>
        </div>
        <div className={styles.filters} data-testid="sort-filters">
          {top.child.length > 0 && (
            <ChipRow
              label={t('sort.title')}
              testId="filter-sub"
              value={sub ? String(sub.type_id) : ALL}
              onChange={(v) => update({ type_id: v || top.type_id }, true)}
              options={[
                { value: ALL, label: t('common.all') },
                ...top.child.map((c) => ({ value: String(c.type_id), label: c.type_name })),
              ]}
            />
          )}
          {rows.map((row) => (
            <ChipRow
              key={row.key}
              label={t(`sort.filter.${row.key}`)}
              testId={`filter-${row.key}`}
              value={filters[row.key] ?? ALL}
              onChange={(v) => update({ [row.key]: v })}
              options={[{ value: ALL, label: t('common.all') }, ...row.options.map((o) => ({ value: o, label: o }))]}
            />
          ))}
          <ChipRow
            label={t('sort.title')}
            testId="filter-order"
            value={order}
            onChange={(v) => update({ order: v === 'time' ? undefined : v })}
            options={SORT_ORDERS.map((o) => ({ value: o, label: t(`sort.order.${o}`) }))}
          />
        </div>
        {locked(top.type_id) ? (
          <VipReminderPanel />
        ) : (
          <InfiniteVodGrid
            query={query}
            empty={t('sort.empty')}
            header={(total) => <p className={styles.total}>{t('sort.total', { count: total })}</p>}
          />
        )}
      </>
    );
  }

  return (
    <div className={listStyles.page}>
      <PageHeader title={match?.top.type_name ?? t('sort.title')} right={search} />
      {body}
    </div>
  );
}
