/**
 * common/cast-screen (spec §2 Casting, §4 Casting states "playing", "exit"): controls a DLNA cast the server drives:
 * the device's name and the title, the renderer's state, play/pause, a seek bar with the position and duration
 * (polled every second through castStatus), and 'exit casting' (Stop, then back; the TV's last position becomes the
 * title's resume point, see castProgress.ts).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBack } from '../../lib/navigation';
import { useUserId } from '../../lib/session';
import { toast } from '../../ui/feedback';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, errorMessage } from '../../ui/StateViews';
import { PauseGlyph, PlayGlyph } from '../player';
import { TvGlyph } from './CastIcons';
import styles from './CastScreen.module.css';
import { castControl, castStatus } from './castApi';
import { saveCastProgress } from './castProgress';
import { useCastStore } from './castStore';

/** Seconds -> m:ss or h:mm:ss. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

const STATE_KEYS: Record<string, 'playing' | 'paused' | 'stopped' | 'loading'> = {
  PLAYING: 'playing',
  PAUSED_PLAYBACK: 'paused',
  STOPPED: 'stopped',
  NO_MEDIA_PRESENT: 'stopped',
  TRANSITIONING: 'loading',
};

export default function CastScreenPage() {
  const { t } = useTranslation();
  const goBack = useBack();
  const device = useCastStore((s) => s.device);
  const params = useCastStore((s) => s.params);
  const setPlaying = useCastStore((s) => s.setPlaying);
  const clear = useCastStore((s) => s.clear);
  const userId = useUserId();
  const [seeking, setSeeking] = useState<number | undefined>();

  const status = useQuery({
    queryKey: ['castStatus', device?.id],
    queryFn: ({ signal }) => castStatus(device?.id ?? '', signal),
    enabled: Boolean(device),
    refetchInterval: 1000,
    retry: false,
    gcTime: 0,
  });

  const client = useQueryClient();
  type Control = { device_id: string; action: 'play' | 'pause' | 'stop' | 'seek'; position?: number };
  const command = useMutation({
    mutationFn: (body: Control) => castControl(body),
    onSuccess: async (_res, { device_id, action }) => {
      if (action === 'play' || action === 'pause') setPlaying(action === 'play');
      // The TV's new state: the status poll asks again at once.
      await client.invalidateQueries({ queryKey: ['castStatus', device_id] });
    },
    onError: (err) => toast(errorMessage(err) ?? t('cast.castFailed'), 'fail'),
  });
  const busy = command.isPending;

  if (!device || !params) {
    return (
      <div className={styles.page}>
        <PageHeader title={t('cast.screenTitle')} />
        <EmptyView title={t('cast.notCasting')} icon={<TvGlyph size={40} />} />
      </div>
    );
  }

  const info = status.data?.info;
  const state = info?.state ?? 'TRANSITIONING';
  const stateKey = STATE_KEYS[state] ?? 'loading';
  const playing = state === 'PLAYING';
  const duration = info?.duration ?? 0;
  const position = seeking ?? info?.position ?? 0;

  const control = (action: Control['action'], at?: number) =>
    command.mutate({ device_id: device.id, action, position: at });

  const exit = async () => {
    // The TV's last position (before Stop resets it) becomes the resume point of the title page.
    if (info && info.vod_id === params.vodId) {
      saveCastProgress(userId, {
        vodId: params.vodId,
        sid: params.sid,
        nid: params.nid,
        position: info.position,
        duration: info.duration,
      });
    }
    // Stop ends the cast here whatever the TV answers (a failure is toasted).
    await command.mutateAsync({ device_id: device.id, action: 'stop' }).catch(() => undefined);
    clear();
    goBack();
  };

  return (
    <div className={styles.page} data-testid="cast-screen">
      <PageHeader title={t('cast.screenTitle')} />
      <div className={styles.body}>
        <span className={styles.tv}>
          <TvGlyph size={56} />
        </span>
        <p className={styles.device} data-testid="cast-device-name">
          {t('cast.castingTo', { name: device.name })}
        </p>
        <h2 className={styles.title} data-testid="cast-title">
          {params.title}
        </h2>
        <p className={styles.state} data-testid="cast-state" data-state={state}>
          {status.isError ? (errorMessage(status.error) ?? t('cast.castFailed')) : t(`cast.state.${stateKey}`)}
        </p>
        <div className={styles.seek}>
          <span className={styles.time} data-testid="cast-position">
            {formatClock(position)}
          </span>
          <input
            type="range"
            className={styles.range}
            min={0}
            max={Math.max(duration, 1)}
            step={1}
            value={Math.min(position, Math.max(duration, 1))}
            disabled={duration <= 0 || busy}
            aria-label={t('cast.seek')}
            data-testid="cast-seek"
            onChange={(e) => setSeeking(Number(e.currentTarget.value))}
            onPointerUp={(e) => {
              const to = Number(e.currentTarget.value);
              setSeeking(undefined);
              control('seek', to);
            }}
            onKeyUp={(e) => {
              const to = Number(e.currentTarget.value);
              setSeeking(undefined);
              control('seek', to);
            }}
          />
          <span className={styles.time}>{formatClock(duration)}</span>
        </div>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.round}
            disabled={busy}
            data-testid="cast-toggle"
            aria-label={playing ? t('cast.pause') : t('cast.play')}
            onClick={() => control(playing ? 'pause' : 'play')}
          >
            {playing ? <PauseGlyph size={28} /> : <PlayGlyph size={28} />}
          </button>
        </div>
        <button type="button" className={styles.exit} disabled={busy} data-testid="cast-exit" onClick={exit}>
          {t('cast.exit')}
        </button>
      </div>
    </div>
  );
}
