import type { Source } from '@openvod/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCountHit, useVodDetail, useVodInfinite } from '../../lib/catalogueQueries';
import { useSpecialType } from '../../lib/feedData';
import { picUrl } from '../../lib/picUrl';
import { positiveInt } from '../../lib/routes';
import { MuteButton } from '../../ui/FeedTopBar';
import { InfiniteFooter, nextPageLoader } from '../../ui/InfiniteFooter';
import { FullscreenIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { Poster } from '../../ui/Poster';
import { EmptyView, ErrorView, errorMessage, LoadingView, queryStateView } from '../../ui/StateViews';
import { FeedVideo } from '../smallvideo';
import styles from './LivePage.module.css';

/** The playable lines of a channel: sources with a stream (the first episode of each is the channel's live URL). */
export function liveLines(sources: readonly Source[]): { sid: number; url: string; label: string }[] {
  return sources
    .filter((s) => s.episodes.length > 0 && s.episodes[0]?.url)
    .map((s) => ({ sid: s.sid, url: s.episodes[0]?.url ?? '', label: s.note || s.from }));
}

/**
 * `live/index` (spec §2): the channels of the live category (`app_live_typeid`) as a list; tapping one plays its live
 * HLS stream above the list (`?id=` keeps the channel). Live playlists have no end: the player shows a LIVE badge and
 * no seek bar, only pause, sound and full screen, and a line switch when a channel has several sources.
 */
export default function LivePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const channelId = positiveInt(params.get('id'));
  const { types, typeId } = useSpecialType('app_live_typeid');
  const list = useVodInfinite({ type_id: typeId, limit: 30 }, typeId > 0);
  const channel = useVodDetail(channelId);
  const [sid, setSid] = useState<number | undefined>(undefined);
  const [muted, setMuted] = useState(false);
  const playerRef = useRef<HTMLDivElement>(null);
  useCountHit(channelId);

  const lines = channel.data ? liveLines(channel.data.sources) : [];
  const line = lines.find((l) => l.sid === sid) ?? lines[0];

  const choose = (id: number) => {
    setSid(undefined);
    setParams({ id: String(id) }, { replace: true });
  };

  let player: React.ReactNode = null;
  if (channelId) {
    let inner: React.ReactNode;
    if (channel.isPending) inner = <LoadingView delay={0} />;
    else if (channel.isError)
      inner = <ErrorView message={errorMessage(channel.error)} onRetry={() => channel.refetch()} />;
    else if (!line) inner = <p className={styles.message}>{t('player.unavailable')}</p>;
    else
      inner = (
        <>
          <FeedVideo
            key={`${channelId}-${line.sid}`}
            src={line.url}
            mode="play"
            live
            poster={picUrl(channel.data?.vod_pic)}
            label={channel.data?.vod_name}
            muted={muted}
            onAutoplayMuted={() => setMuted(true)}
            testId="live-video"
          />
          <span className={styles.liveBadge} data-testid="live-badge">
            {t('media.live')}
          </span>
          <div className={styles.controls}>
            <span className={styles.channelName}>{channel.data?.vod_name}</span>
            <MuteButton muted={muted} onToggle={() => setMuted((m) => !m)} />
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t('media.fullscreen')}
              onClick={() => {
                const el = playerRef.current;
                if (!el) return;
                if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
                else void el.requestFullscreen?.().catch(() => undefined);
              }}
            >
              <FullscreenIcon size={22} />
            </button>
          </div>
        </>
      );
    player = (
      <div className={styles.playerWrap}>
        <div ref={playerRef} className={styles.player} data-testid="live-player">
          {inner}
        </div>
        {lines.length > 1 && (
          <fieldset className={styles.lines} aria-label={t('player.lines')}>
            {lines.map((l, i) => (
              <button
                type="button"
                key={l.sid}
                aria-pressed={l.sid === line?.sid}
                className={styles.lineChip}
                onClick={() => setSid(l.sid)}
                data-testid={`live-line-${l.sid}`}
              >
                {t('media.line', { n: i + 1 })}
              </button>
            ))}
          </fieldset>
        )}
      </div>
    );
  }

  let body = queryStateView([types, typeId > 0 && list]);
  if (!body) {
    const items = list.data?.pages.flatMap((p) => p.list) ?? [];
    if (items.length === 0) body = <EmptyView title={t('media.liveEmpty')} />;
    else
      body = (
        <>
          {!channelId && <p className={styles.pick}>{t('media.pickChannel')}</p>}
          <ul className={styles.list}>
            {items.map((vod) => (
              <li key={vod.vod_id}>
                <button
                  type="button"
                  className={styles.channel}
                  aria-current={vod.vod_id === channelId ? 'true' : undefined}
                  onClick={() => choose(vod.vod_id)}
                  data-testid={`live-channel-${vod.vod_id}`}
                >
                  <Poster src={vod.vod_pic} alt="" className={styles.thumb} />
                  <span className={styles.channelText}>
                    <span className={styles.channelTitle}>{vod.vod_name}</span>
                    {(vod.vod_remarks || vod.vod_blurb) && (
                      <span className={styles.channelSub}>{vod.vod_remarks || vod.vod_blurb}</span>
                    )}
                  </span>
                  {vod.vod_id === channelId && <span className={styles.onAir}>{t('media.playing')}</span>}
                </button>
              </li>
            ))}
          </ul>
          <InfiniteFooter
            loadMore={nextPageLoader(list)}
            hasMore={list.hasNextPage}
            threshold={250}
            spinnerOnly
            endText={t('media.liveNoMore')}
          />
        </>
      );
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.live')} />
      {player}
      {body}
    </div>
  );
}
