import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { VipReminderPanel } from '../../features/catalogue/permission';
import { picUrl } from '../../features/catalogue/picUrl';
import { useCountHit, useVodDetail } from '../../features/catalogue/queries';
import { VodInfo, VodSynopsis } from '../../features/catalogue/VodInfo';
import { EpisodePicker } from '../../features/player/EpisodePicker';
import { type EpisodeRef, mediaUrl, nextEpisode, resolveSelection } from '../../features/player/episodes';
import { PlayerMessage, VideoPlayer } from '../../features/player/VideoPlayer';
import { useBack } from '../../lib/navigation';
import { positiveInt } from '../../lib/routes';
import { BackIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import styles from './DetailPage.module.css';

/** Longest wait for the first frame before the rest of the page is rendered anyway. */
const DETAILS_WAIT_MS = 1200;

/**
 * Title page (detail/mov-detail?id=N[&sid=&nid=]): player, facts, lines and episodes, synopsis. The detail request is
 * cancelled when the page is left before it answers (TanStack Query's AbortSignal); a VIP-only title (`permission`
 * 0) shows the 'Kind reminder' with its 'open VIP' button instead of the player.
 */
export default function DetailPage() {
  const { t } = useTranslation();
  const goBack = useBack();
  const [params, setParams] = useSearchParams();
  const id = positiveInt(params.get('id'));
  const sid = positiveInt(params.get('sid'));
  const nid = positiveInt(params.get('nid'));
  const detail = useVodDetail(id);
  // Player first: the facts, lines and episodes render once the video shows its first frame (or fails, or after
  // DETAILS_WAIT_MS), so on slow phones their rendering and layout do not hold up the start of playback.
  const [playerStarted, setPlayerStarted] = useState(false);
  const onPlayerStarted = useCallback(() => setPlayerStarted(true), []);
  useEffect(() => {
    const timer = setTimeout(onPlayerStarted, DETAILS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [onPlayerStarted]);
  // The view is counted at the same moment: one request fewer while the video is starting.
  useCountHit(detail.data && playerStarted ? id : undefined);

  const vod = detail.data;
  const selection = useMemo(() => (vod ? resolveSelection(vod.sources, sid, nid) : null), [vod, sid, nid]);
  const current = useMemo<EpisodeRef | null>(
    () => (selection ? { sid: selection.source.sid, nid: selection.episode.nid } : null),
    [selection],
  );

  const select = useCallback(
    (ref: EpisodeRef) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('sid', String(ref.sid));
          next.set('nid', String(ref.nid));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const onEnded = useCallback(() => {
    if (!vod || !current) return;
    const next = nextEpisode(vod.sources, current);
    if (next) select(next);
  }, [vod, current, select]);

  if (id === undefined || (!vod && detail.isError)) {
    return (
      <div className={styles.page}>
        <PageHeader title={t('common.loadingFailed')} />
        <ErrorView
          message={id === undefined ? t('error.pageAddressWrong') : errorMessage(detail.error)}
          onRetry={id === undefined ? undefined : () => detail.refetch()}
        />
      </div>
    );
  }

  if (!vod) {
    return (
      <div className={styles.page}>
        <PageHeader />
        <div className={styles.playerSlot}>
          <div className={styles.placeholder} />
        </div>
        <LoadingView />
      </div>
    );
  }

  const poster = picUrl(vod.vod_pic);
  // Spec §2 / issue 4 item 4: a title of a category the user's group lacks comes without play data.
  const vipOnly = vod.permission === 0;
  const src = selection && !vipOnly ? mediaUrl(selection.episode.url) : '';
  const showDetails = playerStarted || !src;

  return (
    <div className={styles.page}>
      <div className={styles.playerSlot}>
        {vipOnly ? (
          <VipReminderPanel poster={poster} />
        ) : selection && src ? (
          <VideoPlayer
            key={vod.vod_id}
            src={src}
            poster={poster}
            title={vod.vod_name}
            onEnded={onEnded}
            onStarted={onPlayerStarted}
          />
        ) : (
          <PlayerMessage message={t('player.unavailable')} poster={poster} />
        )}
        <button type="button" className={styles.back} onClick={goBack} aria-label={t('common.back')}>
          <BackIcon size={22} />
        </button>
      </div>
      <div className={styles.content}>
        {showDetails && (
          <>
            <VodInfo vod={vod} />
            {selection && (
              <p className={styles.nowPlaying} data-testid="now-playing">
                {t('player.nowPlaying', { name: `${selection.source.from} · ${selection.episode.name}` })}
              </p>
            )}
            {vod.sources.length > 0 && <EpisodePicker sources={vod.sources} current={current} onSelect={select} />}
            <VodSynopsis vod={vod} />
          </>
        )}
      </div>
    </div>
  );
}
