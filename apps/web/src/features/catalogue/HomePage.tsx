import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { type ReactElement, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import PullToRefresh from 'react-simple-pull-to-refresh';
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
import type { HomeData } from './homeCache';
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

      <PullDown onRefresh={refresh}>
        <div>
          {!data && home.isPending && <LoadingView />}
          {!data && home.isError && <ErrorView message={errorMessage(home.error)} onRetry={() => home.refetch()} />}

          {data && (
            <div data-testid="home-content" data-from-cache={data.fromCache ? '1' : '0'}>
              {data.fromCache && !home.isFetching && (
                <p className={styles.notice} role="status" data-testid="home-cached">
                  <WifiOffIcon size={14} /> {t('common.cachedData')}
                </p>
              )}

              {data.slide.length > 0 && <Slideshow slides={data.slide} />}

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
        </div>
      </PullDown>
    </div>
  );
}

/** How long a slide stays before the next one (ms). */
const SLIDE_DELAY = 3000;

/**
 * The slideshow (embla-carousel): autoplays, loops when there is more than one slide, follows a swipe (a finger or
 * a mouse drag; the tap that ends a drag does not open the title) and plays on after it. Horizontal moves are its
 * own and vertical ones the page's (`touch-action` in the CSS), so a pull down on it still refreshes. The dots at
 * its bottom follow the current slide (a single slide has none).
 */
function Slideshow({ slides }: { slides: HomeData['slide'] }) {
  const [plugins] = useState(() => [Autoplay({ delay: SLIDE_DELAY, stopOnInteraction: false })]);
  const [rootRef, embla] = useEmblaCarousel({ loop: slides.length > 1 }, plugins);
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const follow = () => setCurrent(embla.selectedScrollSnap());
    follow();
    embla.on('select', follow).on('reInit', follow);
    return () => {
      embla.off('select', follow).off('reInit', follow);
    };
  }, [embla]);

  return (
    <div className={styles.slides} ref={rootRef} data-testid="home-slide">
      <div className={styles.track}>
        {slides.map((vod) => (
          <Link
            key={vod.vod_id}
            to={detailPath(vod.vod_id)}
            className={styles.slide}
            data-testid={`slide-${vod.vod_id}`}
          >
            <SlidePicture src={vod.vod_pic_slide || vod.vod_pic} alt={vod.vod_name} />
            <span className={styles.slideText}>
              <strong>{vod.vod_name}</strong>
              {vod.vod_remarks && <small>{vod.vod_remarks}</small>}
            </span>
          </Link>
        ))}
      </div>
      {slides.length > 1 && (
        <div className={styles.indicator} aria-hidden="true">
          {slides.map((vod, i) => (
            <span key={vod.vod_id} data-active={i === current || undefined} />
          ))}
        </div>
      )}
    </div>
  );
}

/** How far (px) the page follows the finger before letting go refreshes, and how far at most. */
const PULL_THRESHOLD = 60;
const PULL_MAX = 80;
/** The finger moves this many times as far as the page, which makes the pull feel held back. */
const PULL_RESISTANCE = 2.5;
/** How long "refreshed" stays before the page goes back up (ms). */
const COMPLETE_DELAY = 500;

type PullPhase = 'release' | 'refreshing' | 'complete';

/**
 * Pull to refresh (react-simple-pull-to-refresh): at the top of the page, a finger (or a mouse drag) pulling down
 * moves the page and shows a text in the space above it; let go past {@link PULL_THRESHOLD}, it runs `onRefresh`.
 * The library shows one node short of the threshold ("pull to refresh") and another from the threshold on, until
 * `onRefresh`'s promise settles; which text that one shows (release, refreshing, refreshed) is kept here, and
 * "refreshed" stays {@link COMPLETE_DELAY} before the promise the library waits for settles.
 *
 * The library re-attaches its listeners, and so drops a drag in progress, whenever `children` or `onRefresh`
 * change: the phase lives here rather than in the page, and `run` changes only with `onRefresh`, that is with the
 * page's own renders (which give new `children` anyway).
 */
function PullDown({ onRefresh, children }: { onRefresh: () => Promise<void>; children: ReactElement }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<PullPhase>('release');

  const run = useCallback(async () => {
    setPhase('refreshing');
    try {
      await onRefresh();
      setPhase('complete');
      await new Promise((resolve) => setTimeout(resolve, COMPLETE_DELAY));
    } finally {
      // The library hides the text on the next frame: only then is the next pull's text put back.
      setTimeout(() => setPhase('release'), 300);
    }
  }, [onRefresh]);

  const head = (text: string) => (
    <div className={styles.pullHead} style={{ height: PULL_THRESHOLD }}>
      {text}
    </div>
  );
  const texts: Record<PullPhase, string> = {
    release: t('home.pull.release'),
    refreshing: t('home.pull.refreshing'),
    complete: t('home.pull.complete'),
  };

  return (
    <PullToRefresh
      onRefresh={run}
      pullingContent={head(t('home.pull.pulling'))}
      refreshingContent={head(texts[phase])}
      pullDownThreshold={PULL_THRESHOLD}
      maxPullDownDistance={PULL_MAX}
      resistance={PULL_RESISTANCE}
    >
      {children}
    </PullToRefresh>
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
