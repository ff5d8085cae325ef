import type { RankedVod, RankPeriod } from '@openvod/contract';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { detailPath, paths } from '../../lib/routes';
import { InfiniteFooter, nextPageLoader } from '../../ui/InfiniteFooter';
import { FireIcon, SearchIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, ErrorView, errorMessage } from '../../ui/StateViews';
import styles from './pages.module.css';
import { useRankInfinite } from './queries';
import { Poster, VodGridSkeleton } from './VodCard';

export const RANK_PERIODS: readonly RankPeriod[] = ['day', 'week', 'month'];

/** `?period=` of the route, `day` when missing or unknown. */
export function parsePeriod(value: string | null): RankPeriod {
  return (RANK_PERIODS as readonly string[]).includes(value ?? '') ? (value as RankPeriod) : 'day';
}

function RankRow({ vod }: { vod: RankedVod }) {
  const { t } = useTranslation();
  const meta = [vod.type_name, vod.vod_year, vod.vod_area].filter(Boolean).join(' · ');
  return (
    <Link to={detailPath(vod.vod_id)} className={styles.rankRow} data-testid={`rank-item-${vod.vod_id}`}>
      <div className={styles.rankPoster}>
        <Poster src={vod.vod_pic} alt={vod.vod_name} />
        <span className={styles.rankBadge} data-top={vod.rank <= 3 ? vod.rank : undefined} data-testid="rank-badge">
          {vod.rank}
        </span>
      </div>
      <div className={styles.rankBody}>
        <span className={styles.rankName}>{vod.vod_name}</span>
        {meta && <span className={styles.meta}>{meta}</span>}
        {vod.vod_actor && <span className={styles.meta}>{vod.vod_actor}</span>}
        <span className={styles.hits}>
          <FireIcon size={14} />
          {t('rank.views', { count: vod.hits })}
        </span>
      </div>
    </Link>
  );
}

function RankList({ period }: { period: RankPeriod }) {
  const { t } = useTranslation();
  const list = useRankInfinite(period);
  if (list.isPending)
    return (
      <div className={styles.list} role="status" aria-busy="true">
        <VodGridSkeleton count={6} />
      </div>
    );
  if (list.isError) return <ErrorView message={errorMessage(list.error)} onRetry={() => list.refetch()} />;
  const items = list.data.pages.flatMap((p) => p.list);
  if (items.length === 0) return <EmptyView title={t('rank.empty')} />;
  return (
    <div className={styles.list} data-testid={`rank-list-${period}`}>
      {items.map((vod) => (
        <RankRow key={vod.vod_id} vod={vod} />
      ))}
      <InfiniteFooter loadMore={nextPageLoader(list)} hasMore={list.hasNextPage} />
    </div>
  );
}

/** ranklist/index: the most viewed titles of the day, week and month (getHitsList, spec §9). */
export default function RankListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const period = parsePeriod(params.get('period'));
  const search = (
    <Link to={paths.search} className={styles.iconLink} aria-label={t('common.search')}>
      <SearchIcon size={20} />
    </Link>
  );
  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.rankList')} right={search} />
      <div className={styles.tabs}>
        <Tabs activeKey={period} onChange={(key) => setParams(key === 'day' ? {} : { period: key }, { replace: true })}>
          {RANK_PERIODS.map((p) => (
            <Tabs.Tab key={p} title={<span data-testid={`rank-tab-${p}`}>{t(`rank.period.${p}`)}</span>} />
          ))}
        </Tabs>
      </div>
      <RankList key={period} period={period} />
    </div>
  );
}
