/**
 * The cast button of the player's title bar (VideoPlayer `titleBarExtra`) and its sheet (spec §2 Casting; §4
 * Casting states "searching devices", "search complete"): the browser's own casting (Remote Playback API, AirPlay
 * on Safari) and the DLNA renderers the server finds on its local network. Choosing a renderer casts the current
 * episode from the current second and opens common/cast-screen ("playing").
 */
import type { CastDevice } from '@openvod/contract';
import { DotLoading, Popup } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/routes';
import { toast } from '../../ui/feedback';
import { CloseIcon } from '../../ui/icons';
import { errorMessage } from '../../ui/StateViews';
import type { PlayerState } from '../player';
import { hasAirPlay, hasRemotePlayback, promptRemotePlayback, showAirPlayPicker } from './browserCast';
import { CastGlyph, TvGlyph } from './CastIcons';
import styles from './CastSheet.module.css';
import { castDiscover, castPlay } from './castApi';
import { useCastStore } from './castStore';

export interface CastTarget {
  vodId: number;
  sid: number;
  nid: number;
  /** Title name (`vod_name`) and what is shown as the cast's title (name + episode). */
  vodName: string;
  title: string;
}

type Search = { state: 'searching' } | { state: 'done'; devices: CastDevice[] } | { state: 'failed'; message: string };

/** The title-bar button; renders its sheet in a portal (inside the fullscreen element when there is one). */
export function CastButton({ player, target }: { player: PlayerState; target: CastTarget }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.castButton}
        aria-label={t('cast.button')}
        data-testid="cast-button"
        onClick={() => {
          // The TV takes over: stop the phone's own playback (also keeps the player's controls from hiding).
          player.video?.pause();
          setOpen(true);
        }}
      >
        <CastGlyph size={22} />
      </button>
      <CastSheet video={player.video} target={target} visible={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** The device sheet: browser casting, then the server's DLNA search with its states. */
export function CastSheet({
  video,
  target,
  visible,
  onClose,
}: {
  video: HTMLVideoElement | null;
  target: CastTarget;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useCastStore((s) => s.start);
  const [search, setSearch] = useState<Search>({ state: 'searching' });
  const [casting, setCasting] = useState<string | undefined>();
  const abort = useRef<AbortController | undefined>(undefined);

  const runSearch = useCallback(() => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setSearch({ state: 'searching' });
    castDiscover(controller.signal).then(
      (res) => {
        if (!controller.signal.aborted) setSearch({ state: 'done', devices: res.list });
      },
      (err: unknown) => {
        if (!controller.signal.aborted) {
          setSearch({ state: 'failed', message: errorMessage(err) ?? t('cast.searchFailed') });
        }
      },
    );
  }, [t]);

  useEffect(() => {
    if (!visible) return;
    runSearch();
    return () => abort.current?.abort();
  }, [visible, runSearch]);

  const castTo = async (device: CastDevice) => {
    setCasting(device.id);
    try {
      const res = await castPlay({
        device_id: device.id,
        vod_id: target.vodId,
        sid: target.sid,
        nid: target.nid,
        position: video ? Math.floor(video.currentTime) : undefined,
      });
      start(
        { id: device.id, name: device.name, ip: device.ip },
        {
          isPlaying: true,
          url: res.info.url,
          vodName: target.vodName,
          ip: device.ip,
          name: device.name,
          title: res.info.title || target.title,
          vodId: target.vodId,
          sid: target.sid,
          nid: target.nid,
        },
      );
      onClose();
      navigate(paths.castScreen);
    } catch (err) {
      toast(errorMessage(err) ?? t('cast.castFailed'), 'fail');
    } finally {
      setCasting(undefined);
    }
  };

  const browserCast = async () => {
    if (!video) return;
    try {
      await promptRemotePlayback(video);
      onClose();
    } catch (err) {
      toast(t('cast.browserFailed', { reason: err instanceof Error ? err.message : String(err) }), 'fail');
    }
  };

  const remote = hasRemotePlayback(video);
  const airplay = hasAirPlay(video);
  const container = () => (globalThis.document?.fullscreenElement as HTMLElement | null) ?? document.body;

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName={styles.body}
      getContainer={container}
      destroyOnClose
    >
      <div data-testid="cast-sheet">
        <div className={styles.head}>
          <h2 className={styles.title}>{t('cast.title')}</h2>
          <button
            type="button"
            className={styles.iconButton}
            data-testid="cast-help"
            onClick={() => {
              onClose();
              navigate(paths.castScreenHelp);
            }}
          >
            {t('cast.help')}
          </button>
          <button type="button" className={styles.iconButton} onClick={onClose} aria-label={t('common.close')}>
            <CloseIcon size={20} />
          </button>
        </div>

        {(remote || airplay) && (
          <>
            <p className={styles.section}>{t('cast.browserSection')}</p>
            {airplay && video && (
              <button type="button" className={styles.row} onClick={() => showAirPlayPicker(video)}>
                <CastGlyph size={22} />
                <span className={styles.rowText}>
                  <span className={styles.rowName}>{t('cast.airplay')}</span>
                </span>
              </button>
            )}
            {remote && (
              <button type="button" className={styles.row} data-testid="cast-browser" onClick={browserCast}>
                <CastGlyph size={22} />
                <span className={styles.rowText}>
                  <span className={styles.rowName}>{t('cast.browserCast')}</span>
                  <span className={styles.rowSub}>{t('cast.browserCastSub')}</span>
                </span>
              </button>
            )}
          </>
        )}

        <p className={styles.section}>{t('cast.dlnaSection')}</p>
        <div className={styles.status} data-testid="cast-search" data-state={search.state}>
          {search.state === 'searching' ? (
            <>
              <DotLoading color="currentColor" />
              <span>{t('cast.searching')}</span>
            </>
          ) : (
            <>
              <span>
                {search.state === 'failed'
                  ? search.message
                  : search.devices.length > 0
                    ? t('cast.searchComplete', { count: search.devices.length })
                    : t('cast.noDevices')}
              </span>
              <button type="button" className={styles.again} data-testid="cast-search-again" onClick={runSearch}>
                {t('cast.searchAgain')}
              </button>
            </>
          )}
        </div>
        {search.state === 'done' &&
          search.devices.map((d) => (
            <button
              key={d.id}
              type="button"
              className={styles.row}
              data-testid={`cast-device-${d.id}`}
              data-name={d.name}
              disabled={casting !== undefined}
              onClick={() => castTo(d)}
            >
              <TvGlyph size={22} />
              <span className={styles.rowText}>
                <span className={styles.rowName}>{d.name}</span>
                <span className={styles.rowSub}>
                  {d.model ? `${d.model} · ` : ''}
                  {d.ip}
                </span>
              </span>
              {casting === d.id && <DotLoading color="currentColor" />}
            </button>
          ))}
        <p className={styles.hint}>{t('cast.sameNetworkHint')}</p>
      </div>
    </Popup>
  );
}

/** The cast target of the episode a title page plays. */
export function castTargetOf(
  vod: { vod_id: number; vod_name: string },
  selection: { source: { sid: number }; episode: { nid: number; name: string } },
): CastTarget {
  return {
    vodId: vod.vod_id,
    sid: selection.source.sid,
    nid: selection.episode.nid,
    vodName: vod.vod_name,
    title: `${vod.vod_name} ${selection.episode.name}`,
  };
}
