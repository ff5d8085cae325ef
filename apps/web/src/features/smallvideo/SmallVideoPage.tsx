import type { VodItem } from '@openvod/contract';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCountHit, useVodInfinite } from '../../lib/catalogueQueries';
import { modeFor, useSpecialType, useVodDetails, windowIds } from '../../lib/feedData';
import { smallDetailPath } from '../../lib/mediaPaths';
import { picUrl } from '../../lib/picUrl';
import { positiveInt } from '../../lib/routes';
import { FeedTopBar, MuteButton } from '../../ui/FeedTopBar';
import { EmptyView, ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import { SwipePager } from '../../ui/SwipePager';
import { FeedActions } from '../social';
import { FeedVideo } from './FeedVideo';
import { firstStream } from './feedData';
import styles from './SmallVideoPage.module.css';

const PAGE_SIZE = 10;

type FeedItem = Pick<VodItem, 'vod_id' | 'vod_name' | 'vod_pic' | 'vod_blurb' | 'vod_remarks'>;

/**
 * The feed's list: the category's titles, with `startId` put first when it is not among the loaded ones (a link to a
 * small video further down the category still opens on it).
 */
export function feedItems<T extends { vod_id: number }>(list: readonly T[], start: T | undefined): T[] {
  if (!start || list.some((v) => v.vod_id === start.vod_id)) return [...list];
  return [start, ...list];
}

export interface SmallVideoPageProps {
  /** The comment sheet of title `vodId` (app/ composes it); left out, the feed has no comment button. */
  renderComments?: (vodId: number, onClose: () => void) => ReactNode;
}

/**
 * `smallvideo/index` and `detail/small-detail?id=` (spec §2): the small-video category (`app_smallvideo_typeid`) as
 * a vertical full-screen feed, one video per screen. The current video plays, the others are paused, the next one is
 * preloaded; swipe, the wheel or the arrow keys move through it. small-detail opens it at title `id`. Each video has
 * the right-side column of like (with its count), comments (with `renderComments`) and share (features/social
 * FeedActions; sharing leads to share-to with the video's small-detail page).
 */
export default function SmallVideoPage({ renderComments }: SmallVideoPageProps) {
  const [params] = useSearchParams();
  const startId = positiveInt(params.get('id'));
  // index and small-detail share this page: a new start title is a new feed.
  return <SmallVideoFeed key={startId ?? 0} startId={startId} renderComments={renderComments} />;
}

function SmallVideoFeed({
  startId,
  renderComments,
}: {
  startId: number | undefined;
  renderComments: SmallVideoPageProps['renderComments'];
}) {
  const { t } = useTranslation();
  const { types, typeId } = useSpecialType('app_smallvideo_typeid');
  const list = useVodInfinite({ type_id: typeId, limit: PAGE_SIZE }, typeId > 0);
  const [currentId, setCurrentId] = useState<number | undefined>(startId);
  const [muted, setMuted] = useState(false);

  const loaded = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? [], [list.data]);
  const startDetails = useVodDetails(startId ? [startId] : []);
  const startDetail = startId ? startDetails.get(startId) : undefined;
  const items: FeedItem[] = useMemo(() => feedItems<FeedItem>(loaded, startDetail), [loaded, startDetail]);
  const found = items.findIndex((v) => v.vod_id === currentId);
  const index = found >= 0 ? found : 0;
  const current = items[index];
  const details = useVodDetails(windowIds(items, index, 1, 1));
  useCountHit(current?.vod_id);

  const onIndexChange = (i: number) => {
    const item = items[i];
    if (!item) return;
    setCurrentId(item.vod_id);
    if (i >= items.length - 3 && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };

  const title = t('pages.smallVideo');
  let body: React.ReactNode;
  const waitingStart =
    startId !== undefined && !loaded.some((v) => v.vod_id === startId) && !startDetail && !startDetails.failed(startId);
  if (types.isPending || (typeId > 0 && list.isPending) || (waitingStart && list.isSuccess)) {
    body = <LoadingView />;
  } else if (types.isError || list.isError) {
    const error = types.error ?? list.error;
    body = (
      <ErrorView message={errorMessage(error)} onRetry={() => (types.isError ? types.refetch() : list.refetch())} />
    );
  } else if (items.length === 0) {
    body = <EmptyView title={t('media.smallVideoEmpty')} />;
  } else {
    body = (
      <SwipePager
        direction="vertical"
        count={items.length}
        index={index}
        onIndexChange={onIndexChange}
        slideKey={(i) => String(items[i]?.vod_id ?? i)}
        label={title}
        testId="smallvideo-feed"
        renderSlide={(i) => {
          const item = items[i];
          if (!item) return null;
          const detail = details.get(item.vod_id);
          const src = firstStream(detail);
          const noStream = detail && !src;
          const last = i === items.length - 1 && !list.hasNextPage;
          return (
            <article
              className={styles.slide}
              data-testid={`smallvideo-${item.vod_id}`}
              data-current={i === index || undefined}
            >
              <FeedVideo
                src={src}
                mode={modeFor(i, index)}
                poster={picUrl(item.vod_pic)}
                label={item.vod_name}
                loop
                muted={muted}
                onAutoplayMuted={() => setMuted(true)}
                testId={i === index ? 'feed-video' : `feed-video-${i - index > 0 ? 'next' : 'prev'}`}
              />
              {noStream && <p className={styles.notice}>{t('player.unavailable')}</p>}
              {details.failed(item.vod_id) && (
                <div className={styles.notice} role="alert">
                  <p>{t('common.loadingFailed')}</p>
                  <button type="button" className={styles.retry} onClick={() => details.retry(item.vod_id)}>
                    {t('common.retry')}
                  </button>
                </div>
              )}
              <div className={styles.caption}>
                <h2 className={styles.name}>{item.vod_name}</h2>
                {(item.vod_blurb || item.vod_remarks) && (
                  <p className={styles.blurb}>{item.vod_blurb || item.vod_remarks}</p>
                )}
                <p className={styles.hint}>{last ? t('common.noMore') : i === 0 ? t('media.swipeHint') : ''}</p>
              </div>
              <FeedActions
                vodId={item.vod_id}
                title={item.vod_name}
                sharePath={smallDetailPath(item.vod_id)}
                renderComments={renderComments}
                className={styles.actions}
              />
            </article>
          );
        }}
      />
    );
  }

  return (
    <div className={styles.page}>
      <FeedTopBar title={title} right={<MuteButton muted={muted} onToggle={() => setMuted((m) => !m)} />} />
      {body}
    </div>
  );
}
