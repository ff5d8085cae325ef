import { PullToRefresh, Swiper } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detailPath, moreListPath, paths } from '../../lib/routes';
import {
  CompassIcon,
  DocumentIcon,
  FilmIcon,
  FireIcon,
  ImageIcon,
  PlayIcon,
  SearchIcon,
  StarIcon,
  TicketIcon,
  WifiOffIcon,
} from '../../ui/icons';
import { ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import styles from './HomePage.module.css';
import { useCategoryGuard, VipBadge } from './permission';
import { picUrl } from './picUrl';
import { useHome, useTypes } from './queries';
import { Section } from './Section';
import { VodGrid, VodRow } from './VodCard';

/** Entry icons to every Main route of spec §2 that the tabs do not reach. */
const ENTRIES: readonly { key: string; to: string; icon: ReactNode; color: string }[] = [
  { key: 'sort', to: paths.sort, icon: <CompassIcon size={22} />, color: 'var(--ov-accent)' },
  { key: 'rankList', to: paths.rankList, icon: <FireIcon size={22} />, color: '#f7774a' },
  { key: 'specialTopic', to: paths.specialTopic, icon: <DocumentIcon size={22} />, color: '#7d8cff' },
  { key: 'wonder', to: paths.wonder, icon: <StarIcon size={22} />, color: '#f4b73d' },
  { key: 'search', to: paths.search, icon: <SearchIcon size={22} />, color: '#3fa9f5' },
  { key: 'smallVideo', to: paths.smallVideo, icon: <PlayIcon size={22} />, color: '#ff5d8f' },
  { key: 'playlet', to: paths.playlet, icon: <TicketIcon size={22} />, color: '#b36bff' },
  { key: 'live', to: paths.live, icon: <FilmIcon size={22} />, color: '#ef4f4f' },
  { key: 'wallpaper', to: paths.wallpaper, icon: <ImageIcon size={22} />, color: '#22b8cf' },
];

function Entries() {
  const { t } = useTranslation();
  return (
    <nav className={styles.entries} aria-label={t('home.entries')} data-testid="home-entries">
      {ENTRIES.map((e) => (
        <Link key={e.key} to={e.to} className={styles.entry} data-testid={`entry-${e.key}`}>
          <span className={styles.entryIcon} style={{ background: e.color }}>
            {e.icon}
          </span>
          <span className={styles.entryLabel}>{t(`home.entry.${e.key}` as 'home.entry.sort')}</span>
        </Link>
      ))}
    </nav>
  );
}

/**
 * home/index: search box, slideshow (`vod_level` 9), entries to every Main route, hot, recommended and a block per
 * category whose "more" opens common/more-list; pull to refresh. When the home request fails the last good home
 * cached on the device is shown (spec §4). Blocks of VIP-only categories show the reminder (spec §2).
 */
export default function HomePage() {
  const { t } = useTranslation();
  const home = useHome();
  const types = useTypes();
  const { guard, locked } = useCategoryGuard();
  const data = home.data;

  const refresh = async () => {
    await Promise.all([home.refetch(), types.refetch()]);
  };

  return (
    <div className={styles.page}>
      <header className={styles.top} data-testid="home-header">
        <span className={styles.logo}>{t('app.name')}</span>
        <Link to={paths.search} className={styles.searchBox} aria-label={t('common.search')}>
          <SearchIcon size={16} />
          <span>{t('home.searchPlaceholder')}</span>
        </Link>
      </header>

      <PullToRefresh
        onRefresh={refresh}
        pullingText={t('home.pull.pulling')}
        canReleaseText={t('home.pull.release')}
        refreshingText={t('home.pull.refreshing')}
        completeText={t('home.pull.complete')}
      >
        {!data && home.isPending && <LoadingView />}
        {!data && home.isError && <ErrorView message={errorMessage(home.error)} onRetry={() => home.refetch()} />}

        {data && (
          <div data-testid="home-content" data-from-cache={data.fromCache ? '1' : '0'}>
            {data.fromCache && !home.isFetching && (
              <p className={styles.notice} role="status" data-testid="home-cached">
                <WifiOffIcon size={14} /> {t('common.cachedData')}
              </p>
            )}

            {data.slide.length > 0 && (
              <div className={styles.slides} data-testid="home-slide">
                <Swiper autoplay loop={data.slide.length > 1} indicatorProps={{ className: styles.indicator }}>
                  {data.slide.map((vod) => (
                    <Swiper.Item key={vod.vod_id}>
                      <Link to={detailPath(vod.vod_id)} className={styles.slide} data-testid={`slide-${vod.vod_id}`}>
                        <SlidePicture src={vod.vod_pic_slide || vod.vod_pic} alt={vod.vod_name} />
                        <span className={styles.slideText}>
                          <strong>{vod.vod_name}</strong>
                          {vod.vod_remarks && <small>{vod.vod_remarks}</small>}
                        </span>
                      </Link>
                    </Swiper.Item>
                  ))}
                </Swiper>
              </div>
            )}

            <Entries />

            {data.hot.length > 0 && (
              <Section title={t('home.hot')} icon={<FireIcon />} moreTo={paths.rankList} testId="home-hot">
                <VodRow list={data.hot} />
              </Section>
            )}

            {data.recommend.length > 0 && (
              <Section title={t('home.recommend')} icon={<StarIcon />} moreTo={paths.wonder} testId="home-recommend">
                <VodGrid list={data.recommend} />
              </Section>
            )}

            {data.blocks
              .filter((block) => block.list.length > 0)
              .map((block) => (
                <Section
                  key={block.type_id}
                  title={block.type_name}
                  badge={locked(block.type_id) ? <VipBadge /> : undefined}
                  moreTo={moreListPath({ type_id: block.type_id, title: block.type_name })}
                  testId={`home-block-${block.type_id}`}
                  onTap={() => guard(block.type_id)}
                >
                  <VodGrid list={block.list} />
                </Section>
              ))}
          </div>
        )}
      </PullToRefresh>
    </div>
  );
}

/**
 * A slideshow picture: the title's slide picture (`vod_pic_slide`, set in the console) or its poster. A picture that
 * is missing or fails to load (e.g. offline) leaves the slide's own background instead of a broken-image icon.
 */
function SlidePicture({ src, alt }: { src: string; alt: string }) {
  const url = picUrl(src);
  const [failed, setFailed] = useState('');
  if (!url || failed === url) return null;
  return <img src={url} alt={alt} draggable={false} onError={() => setFailed(url)} />;
}
