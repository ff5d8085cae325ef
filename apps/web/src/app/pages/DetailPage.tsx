import { AD_SLOT } from '@openvod/contract';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AdSlot } from '../../features/ads/AdSlot';
import { usePlayerAds } from '../../features/ads/usePlayerAds';
import { CastButton, castTargetOf } from '../../features/cast/CastButton';
import { VipReminderPanel } from '../../features/catalogue/permission';
import { picUrl } from '../../features/catalogue/picUrl';
import { useCountHit, useVodDetail } from '../../features/catalogue/queries';
import { RelatedTitles } from '../../features/catalogue/RelatedTitles';
import { VodInfo, VodSynopsis } from '../../features/catalogue/VodInfo';
import { FavouriteButton } from '../../features/collections/FavouriteButton';
import { ShareButton } from '../../features/collections/ShareButton';
import { CommentsSection } from '../../features/comments';
import { DownloadButton, DownloadSheet, taskIdOf } from '../../features/downloads/DownloadSheet';
import { useDownloadManager, useDownloadTasks } from '../../features/downloads/useDownloads';
import { useRealPath } from '../../features/playback-sync/realPath';
import { EpisodePicker } from '../../features/player/EpisodePicker';
import { lineName, mediaUrl } from '../../features/player/episodes';
import { closeEarlyPlayer } from '../../features/player/hlsEngine';
import { usePlayback } from '../../features/player/usePlayback';
import { PlayerMessage, VideoPlayer } from '../../features/player/VideoPlayer';
import { flushWatchSeconds, reportWatchSeconds } from '../../features/points/reportWatch';
import { useFreeView } from '../../features/quotas/useFreeView';
import { LikeButton } from '../../features/social/LikeButton';
import { useSpecialType } from '../../lib/feedData';
import { useBack } from '../../lib/navigation';
import { downloadPlayPath, paths, positiveInt } from '../../lib/routes';
import { BackIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import { offlinePlayerConfig, useDownloadsEngine } from '../downloads';
import styles from './DetailPage.module.css';
import { QuotaBlocked } from './QuotaBlocked';

// Danmaku (issue 5): fetched with the title page that plays, never with the home route.
const DanmakuLayer = lazy(() => import('../../features/danmaku').then((m) => ({ default: m.DanmakuLayer })));
const DanmakuControls = lazy(() => import('../../features/danmaku').then((m) => ({ default: m.DanmakuControls })));

/** Longest wait for the first frame before the rest of the page is rendered anyway. */
const DETAILS_WAIT_MS = 1200;

/**
 * Title page (detail/mov-detail?id=N[&sid=&nid=]): player, facts, lines and episodes, synopsis. The detail request is
 * cancelled when the page is left before it answers (TanStack Query's AbortSignal); a VIP-only title (`permission`
 * 0) shows the 'Kind reminder' with its 'open VIP' button instead of the player; related titles close the page.
 * Mounted afresh for each title: a related title opened from it is another page, not the same one with another id
 * (the player, its watch progress and the free-view check belong to one title).
 */
export default function DetailPage() {
  const [params] = useSearchParams();
  return <TitlePage key={params.get('id') ?? ''} />;
}

function TitlePage() {
  const { t } = useTranslation();
  const goBack = useBack();
  const [params] = useSearchParams();
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
  const playback = usePlayback(vod, sid, nid);
  const { selection, current } = playback;
  // Issue 17: the download sheet, and the episode's downloaded copy (played from the device, no view needed).
  const navigate = useNavigate();
  const [downloadOpen, setDownloadOpen] = useState(false);
  useDownloadsEngine();
  const downloads = useDownloadManager();
  const tasks = useDownloadTasks(downloads);
  const offlineId = vod && selection ? taskIdOf(vod.vod_id, selection.source.sid, selection.episode.nid) : undefined;
  const downloadedHere = tasks.find((x) => x.vod_id === id && x.state === 'completed');
  const offlineSrc = offlineId && tasks.some((x) => x.id === offlineId) ? downloads?.offlineUrl(offlineId) : undefined;
  const onProgress = useWatchTime(playback.onProgress);
  // Slot 12: the pre-roll holds the (buffering) episode, the pause ad is drawn over the paused video (issue 5).
  const ads = usePlayerAds(vod?.vod_id);
  // An address that is not .m3u8/.mp4 goes through its player's parse API first (getJsonRealPath, issue 5).
  const realPath = useRealPath(selection?.source.from, selection?.episode.url ?? '');
  // Spec §4 free-view flow (issue 7 item 2): the server says whether this user may play the title (and takes the
  // free view) before the player mounts; refused, the blocked screen offers the choices of spec §5.
  const freeView = useFreeView(
    vod && vod.permission !== 0 && selection && !offlineSrc ? vod.vod_id : undefined,
    selection?.source.sid ?? 1,
    selection?.episode.nid ?? 1,
  );
  // The early player (app/preload.ts) may have buffered the episode meanwhile: stopped when the page will not play.
  const playRefused = freeView.state === 'refused' || freeView.state === 'error';
  const liveTypeId = useSpecialType('app_live_typeid').typeId;
  useEffect(() => {
    if (playRefused) closeEarlyPlayer();
  }, [playRefused]);
  // Issue 7 item 2: until a view is taken getDetail sends the episodes without addresses (`play_locked`). Once the
  // flow allows play (the view is now taken), the detail is asked again, once per answer of the flow.
  const locked = vod?.play_locked === 1;
  const allowedCheck = freeView.state === 'allowed' ? freeView.check : undefined;
  const unlockAskedFor = useRef<unknown>(undefined);
  const { refetch } = detail;
  useEffect(() => {
    if (!locked || !allowedCheck || unlockAskedFor.current === allowedCheck) return;
    unlockAskedFor.current = allowedCheck;
    void refetch();
  }, [locked, allowedCheck, refetch]);
  const unlocking =
    locked && allowedCheck !== undefined && (detail.isFetching || unlockAskedFor.current !== allowedCheck);
  // Asked again and still locked (the refetch failed, or the view was not taken after all): offer to try again.
  const stuckLocked = locked && allowedCheck !== undefined && !unlocking;

  if (id === undefined || (!vod && detail.isError)) {
    return (
      <div className={styles.page}>
        <PageHeader title={t('common.loadingFailed')} />
        <ErrorView
          message={id === undefined ? t('error.pageAddressWrong') : errorMessage(detail.error)}
          onRetry={id === undefined ? undefined : () => detail.refetch()}
        />
        {/* Issue 17: with no network the title cannot load, but its downloaded episodes still play. */}
        {downloadedHere && (
          <div className={styles.offlineEntry}>
            <button
              type="button"
              className={styles.downloadButton}
              onClick={() => navigate(downloadPlayPath(downloadedHere.id))}
              data-testid="detail-play-downloaded"
            >
              {t('downloads.playDownloaded')}
            </button>
          </div>
        )}
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
  // A live channel (the live category, app_live_typeid, or one of its sub-categories) streams without an end: its
  // episodes cannot be downloaded, so the title page offers no download.
  const isLive = liveTypeId > 0 && (vod.type_id === liveTypeId || vod.type_id_1 === liveTypeId);
  const src = offlineSrc ?? (selection && !vipOnly && !locked ? mediaUrl(realPath.src) : '');
  const showDetails = playerStarted || !src;

  return (
    <div className={styles.page}>
      <div className={styles.playerSlot}>
        {vipOnly ? (
          <VipReminderPanel poster={poster} />
        ) : freeView.state === 'refused' && !offlineSrc ? (
          <QuotaBlocked vodId={vod.vod_id} check={freeView.check} poster={poster} onRetry={freeView.retry} />
        ) : selection && src && (freeView.state === 'allowed' || offlineSrc) ? (
          <VideoPlayer
            key={vod.vod_id}
            src={src}
            hlsConfig={offlineSrc ? offlinePlayerConfig : undefined}
            poster={poster}
            title={`${vod.vod_name} ${selection.episode.name}`}
            onBack={goBack}
            onStarted={() => {
              onPlayerStarted();
              if (offlineSrc && offlineId) void downloads?.markLooked(offlineId);
            }}
            onEnded={playback.onEnded}
            onNext={playback.next ? () => playback.next && playback.select(playback.next) : undefined}
            onFailed={playback.onFailed}
            startAt={playback.startAt}
            onProgress={onProgress}
            alert={playback.alert}
            titleBarExtra={(p) => <CastButton player={p} target={castTargetOf(vod, selection)} />}
            hold={ads.hold}
            layers={(p) => (
              <>
                <Suspense fallback={null}>
                  <DanmakuLayer
                    video={p.video}
                    vodId={vod.vod_id}
                    nid={selection.episode.nid}
                    width={p.width}
                    height={p.height}
                  />
                </Suspense>
                {ads.pauseLayer(p)}
              </>
            )}
            bottomBarExtra={() => (
              <Suspense fallback={null}>
                <DanmakuControls vodId={vod.vod_id} sid={selection.source.sid} nid={selection.episode.nid} />
              </Suspense>
            )}
            episodes={{
              list: selection.source.episodes,
              current: selection.episode.nid,
              onSelect: (n) => playback.select({ sid: selection.source.sid, nid: n }),
            }}
          />
        ) : (
          <PlayerMessage
            onRetry={freeView.state === 'error' || stuckLocked ? freeView.retry : undefined}
            retryLabel={t('common.retry')}
            message={
              freeView.state === 'error'
                ? t('quotas.checkFailed')
                : (realPath.error ??
                  (realPath.pending || (selection && (freeView.state === 'checking' || unlocking))
                    ? t('player.loading')
                    : t('player.unavailable')))
            }
            poster={poster}
          />
        )}
        {(!src || freeView.state === 'refused') && (
          <button type="button" className={styles.back} onClick={goBack} aria-label={t('common.back')}>
            <BackIcon size={22} />
          </button>
        )}
      </div>
      <div className={styles.content}>
        {showDetails && (
          <>
            <VodInfo vod={vod} />
            <FavouriteButton vod={vod} play={selection?.episode.name ?? ''}>
              <LikeButton vodId={vod.vod_id} />
              <ShareButton vod={vod} />
            </FavouriteButton>
            {selection && (
              <DownloadSheet
                vod={vod}
                line={{
                  sid: selection.source.sid,
                  from: selection.source.from,
                  episodes: selection.source.episodes.map((e) => ({
                    nid: e.nid,
                    name: e.name,
                    url: absoluteUrl(mediaUrl(e.url)),
                  })),
                }}
                open={downloadOpen}
                onClose={() => setDownloadOpen(false)}
                onOpenDownloads={() => navigate(paths.download)}
                renderBlocked={(check, retry) => (
                  <QuotaBlocked vodId={vod.vod_id} check={check} kind={5} poster={poster} onRetry={retry} />
                )}
              />
            )}
            {selection && (
              <div className={styles.nowPlayingRow}>
                <p className={styles.nowPlaying} data-testid="now-playing">
                  {t('player.nowPlaying', {
                    name: `${lineName(selection.source, t('player.lines'))} · ${selection.episode.name}`,
                  })}
                </p>
                {/* Issue 17: download this line's episodes (the sheet below). */}
                {!vipOnly && !isLive && (
                  <DownloadButton className={styles.downloadButton} onClick={() => setDownloadOpen(true)} />
                )}
              </div>
            )}
            {/* Issue 7 item 4: the title page's ad slot 16 (spec §3). */}
            <AdSlot slot={AD_SLOT.detail} />
            {vod.sources.length > 0 && (
              <EpisodePicker sources={vod.sources} current={current} onSelect={playback.select} />
            )}
            <VodSynopsis vod={vod} />
            <CommentsSection vodId={vod.vod_id} />
            <RelatedTitles vodId={vod.vod_id} />
          </>
        )}
      </div>
    </div>
  );
}

/**
 * Wraps the player's progress callback so the seconds actually played also count towards the daily duration reward
 * (spec §4, setDuration): steps of at most 2 s between time updates are played time; larger steps and steps back are
 * seeks. What has gathered is sent when the page is left or hidden.
 */
function useWatchTime(onProgress: (currentTime: number, duration: number) => void) {
  const last = useRef<number | null>(null);
  useEffect(() => {
    const flush = () => void flushWatchSeconds();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);
  return useCallback(
    (currentTime: number, duration: number) => {
      onProgress(currentTime, duration);
      const previous = last.current;
      last.current = currentTime;
      if (previous === null) return;
      const step = currentTime - previous;
      if (step > 0 && step <= 2) reportWatchSeconds(step);
    },
    [onProgress],
  );
}

/** An episode address as the downloader needs it: absolute ('' stays '': the address is withheld). */
function absoluteUrl(url: string): string {
  if (!url) return '';
  try {
    return new URL(url, window.location.href).href;
  } catch {
    return '';
  }
}
