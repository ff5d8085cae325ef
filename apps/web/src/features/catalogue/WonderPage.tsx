import { Tabs } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { InfiniteVodGrid } from './InfiniteVodGrid';
import styles from './pages.module.css';
import { useTypes } from './queries';

/** The feeds of wonder/index: across all categories, by score, by views of the week, by total views, newest. */
export const WONDER_FEEDS = ['score', 'hits_week', 'hits', 'time'] as const;
export type WonderFeed = (typeof WONDER_FEEDS)[number];

/** wonder/index ("you may like"): discover titles across categories, page after page. */
export default function WonderPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('feed') ?? '';
  const feed: WonderFeed = (WONDER_FEEDS as readonly string[]).includes(raw) ? (raw as WonderFeed) : 'score';
  const types = useTypes();
  // Films and series only: wallpapers, small videos, short plays and live channels have their own screens.
  const special = useMemo(
    () =>
      new Set(Object.values(types.data?.special ?? {}).filter((id): id is number => typeof id === 'number' && id > 0)),
    [types.data],
  );
  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.wonder')} />
      <div className={styles.tabs}>
        <Tabs activeKey={feed} onChange={(key) => setParams(key === 'score' ? {} : { feed: key }, { replace: true })}>
          {WONDER_FEEDS.map((f) => (
            <Tabs.Tab key={f} title={<span data-testid={`wonder-tab-${f}`}>{t(`wonder.feed.${f}`)}</span>} />
          ))}
        </Tabs>
      </div>
      <InfiniteVodGrid
        key={feed}
        query={{ order: feed, limit: 21 }}
        enabled={!types.isPending}
        hideTypes={special}
        empty={t('common.noData')}
        testId="wonder-list"
      />
    </div>
  );
}
