import { Popup } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCountHit, useVodDetail } from '../../lib/catalogueQueries';
import { modeFor } from '../../lib/feedData';
import { playletDetailPath } from '../../lib/mediaPaths';
import { picUrl } from '../../lib/picUrl';
import { positiveInt } from '../../lib/routes';
import { FeedTopBar, MuteButton } from '../../ui/FeedTopBar';
import { toast } from '../../ui/feedback';
import { ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import { SwipePager } from '../../ui/SwipePager';
import { mediaUrl, resolveSelection } from '../player';
import { FeedVideo } from '../smallvideo';
import { FeedActions } from '../social';
import styles from './PlayletDetailPage.module.css';

export interface PlayletDetailPageProps {
  /** The comment sheet of title `vodId` (app/ composes it); left out, the player has no comment button. */
  renderComments?: (vodId: number, onClose: () => void) => ReactNode;
}

/**
 * `playlet/playlet-detail?id=&nid=` (spec §2): a short drama in a vertical full-screen player, one episode per screen
 * (episodes of the first playable source). Swiping up, the 'next' button or the end of an episode goes to the next
 * one, which is preloaded while the current one plays; the episode grid jumps anywhere. `nid` (1-based) follows the
 * episode shown, replacing the history entry. The right-side column likes the drama (with its count), opens its
 * comments (with `renderComments`) and shares the episode shown (features/social FeedActions).
 */
export default function PlayletDetailPage({ renderComments }: PlayletDetailPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = positiveInt(params.get('id'));
  const nid = positiveInt(params.get('nid'));
  const detail = useVodDetail(id);
  const [muted, setMuted] = useState(false);
  const [gridOpen, setGridOpen] = useState(false);
  useCountHit(id);

  const selection = detail.data ? resolveSelection(detail.data.sources, undefined, nid) : null;
  const episodes = selection?.source.episodes ?? [];
  const found = selection ? episodes.findIndex((e) => e.nid === selection.episode.nid) : -1;
  const index = Math.max(0, found);
  const current = episodes[index];
  const name = detail.data?.vod_name ?? '';

  const goTo = (i: number) => {
    const episode = episodes[i];
    if (!id || !episode) return;
    navigate(playletDetailPath(id, episode.nid), { replace: true });
  };
  const next = () => {
    if (index + 1 < episodes.length) goTo(index + 1);
    else toast(t('media.lastEpisode'));
  };

  let body: React.ReactNode;
  if (!id) body = <ErrorView message={t('media.notFound')} />;
  else if (detail.isPending) body = <LoadingView />;
  else if (detail.isError) body = <ErrorView message={errorMessage(detail.error)} onRetry={() => detail.refetch()} />;
  else if (!selection) body = <ErrorView message={t('player.unavailable')} />;
  else
    body = (
      <SwipePager
        direction="vertical"
        count={episodes.length}
        index={index}
        onIndexChange={goTo}
        slideKey={(i) => `${selection.source.sid}-${episodes[i]?.nid ?? i}`}
        label={name}
        testId="playlet-pager"
        renderSlide={(i) => {
          const episode = episodes[i];
          if (!episode) return null;
          return (
            <div className={styles.slide} data-testid={`playlet-episode-slide-${episode.nid}`}>
              <FeedVideo
                src={mediaUrl(episode.url)}
                mode={modeFor(i, index)}
                poster={picUrl(detail.data?.vod_pic)}
                label={`${name} ${episode.name}`}
                muted={muted}
                onAutoplayMuted={() => setMuted(true)}
                onEnded={i === index ? next : undefined}
                testId={i === index ? 'feed-video' : `feed-video-${i > index ? 'next' : 'prev'}`}
              />
              <FeedActions
                vodId={id}
                title={name}
                sharePath={playletDetailPath(id, episode.nid)}
                renderComments={renderComments}
                className={styles.actions}
              />
            </div>
          );
        }}
      />
    );

  return (
    <div className={styles.page}>
      <FeedTopBar
        title={current ? `${name} · ${current.name}` : name || t('pages.playletDetail')}
        right={<MuteButton muted={muted} onToggle={() => setMuted((m) => !m)} />}
      />
      {body}
      {selection && (
        <div className={styles.bar}>
          <button
            type="button"
            className={styles.barButton}
            onClick={() => setGridOpen(true)}
            data-testid="playlet-episodes"
          >
            {t('player.episodes')} · {t('player.episodeCount', { count: episodes.length })}
          </button>
          <button
            type="button"
            className={styles.barButton}
            onClick={next}
            disabled={index + 1 >= episodes.length}
            data-testid="playlet-next"
          >
            {t('media.nextEpisode')}
          </button>
        </div>
      )}
      <Popup
        visible={gridOpen}
        onMaskClick={() => setGridOpen(false)}
        onClose={() => setGridOpen(false)}
        bodyClassName={styles.popup}
      >
        <div className={styles.popupHead}>
          <strong>{name}</strong>
          <span>{t('player.episodeCount', { count: episodes.length })}</span>
        </div>
        <div className={styles.episodeGrid}>
          {episodes.map((episode, i) => (
            <button
              type="button"
              key={episode.nid}
              className={styles.episode}
              aria-current={i === index ? 'true' : undefined}
              data-testid={`playlet-episode-${episode.nid}`}
              title={episode.name}
              onClick={() => {
                setGridOpen(false);
                goTo(i);
              }}
            >
              {episode.nid}
            </button>
          ))}
        </div>
      </Popup>
    </div>
  );
}
