/**
 * The offline player `me/download/play?id=<task id>` (issue 17 item 5): a completed download played from the device
 * with no network. The player gets the task's `offline://` address and the engine's loader (app/downloads.tsx
 * {@link offlinePlayerConfig}); the task is marked looked once the first frame shows; the panel and 'next' move
 * between the title's downloaded episodes of the same line. Watch progress goes to the player's watch record
 * (useWatchProgress, kept on the device) and is sent to the server when the network returns
 * ({@link rememberOfflineProgress}).
 */
import type { Source } from '@openvod/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { taskIdOf } from '../../features/downloads/DownloadSheet';
import type { DownloadTask } from '../../features/downloads/engine/types';
import { useDownloadManager, useDownloadsReady, useDownloadTasks } from '../../features/downloads/useDownloads';
import type { Selection } from '../../features/player/episodes';
import { useWatchProgress } from '../../features/player/useWatchProgress';
import { VideoPlayer } from '../../features/player/VideoPlayer';
import { findWatchRecord, resumePoint } from '../../features/player/watchRecord';
import { useBack } from '../../lib/navigation';
import { downloadPlayPath, paths } from '../../lib/routes';
import { useUserId } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { ErrorView, LoadingView } from '../../ui/StateViews';
import { offlinePlayerConfig, useDownloadsEngine } from '../downloads';
import { rememberOfflineProgress } from '../offlineProgress';
import styles from './DetailPage.module.css';

const NO_TASKS: readonly DownloadTask[] = [];

export default function OfflinePlayRoute() {
  const { t } = useTranslation();
  useDownloadsEngine();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const manager = useDownloadManager();
  const ready = useDownloadsReady(manager);
  const tasks = useDownloadTasks(manager);
  const task = tasks.find((x) => x.id === id && x.state === 'completed');
  const goBack = useBack(paths.download);
  const navigate = useNavigate();
  const userId = useUserId();

  // The title's downloaded episodes of this line, in order (the episodes panel and 'next').
  const siblings = useMemo(
    () =>
      task
        ? tasks
            .filter((x) => x.vod_id === task.vod_id && x.sid === task.sid && x.state === 'completed')
            .sort((a, b) => a.nid - b.nid)
        : NO_TASKS,
    [tasks, task],
  );
  const siblingKey = siblings.map((x) => x.id).join();
  const vodId = task?.vod_id;
  const vodName = task?.vod_name ?? '';
  const vodPic = task?.vod_pic ?? '';
  const vod = useMemo(
    () => (vodId ? { vod_id: vodId, vod_name: vodName, vod_pic: vodPic } : undefined),
    [vodId, vodName, vodPic],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the episode or the set of episodes changes
  const selection = useMemo<Selection | null>(() => {
    if (!task) return null;
    const source: Source = {
      sid: task.sid,
      from: task.play,
      server: '',
      note: '',
      episodes: siblings.map((x) => ({ nid: x.nid, name: x.name, url: '' })),
    };
    return { source, episode: { nid: task.nid, name: task.name, url: '' } };
  }, [id, siblingKey, Boolean(task)]);
  const save = useWatchProgress(vod, selection);
  const onProgress = useMemo(
    () => (currentTime: number, duration: number) => {
      save(currentTime, duration);
      if (vodId) rememberOfflineProgress(userId, vodId);
    },
    [save, userId, vodId],
  );
  // The resume point of this episode, read when it opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per episode
  const startAt = useMemo(
    () => (task ? resumePoint(findWatchRecord(userId, task.vod_id), task.sid, task.nid) : 0),
    [id, userId, Boolean(task)],
  );

  if (!ready) {
    return (
      <div className={styles.page}>
        <PageHeader title={t('downloads.offline')} />
        <LoadingView />
      </div>
    );
  }
  const src = task && manager?.offlineUrl(task.id);
  if (!task || !src) {
    return (
      <div className={styles.page}>
        <PageHeader title={t('downloads.offline')} />
        <ErrorView message={t('downloads.notFound')} />
      </div>
    );
  }
  const index = siblings.findIndex((x) => x.id === task.id);
  const next = index >= 0 ? siblings[index + 1] : undefined;
  const open = (nid: number) => navigate(downloadPlayPath(taskIdOf(task.vod_id, task.sid, nid)), { replace: true });

  return (
    <div className={styles.page} data-testid="offline-player" data-task={task.id}>
      <div className={styles.playerSlot}>
        <VideoPlayer
          key={task.id}
          src={src}
          hlsConfig={offlinePlayerConfig}
          title={`${task.vod_name} ${task.name}`}
          onBack={goBack}
          onStarted={() => void manager?.markLooked(task.id)}
          startAt={startAt}
          onProgress={onProgress}
          onNext={next ? () => open(next.nid) : undefined}
          onEnded={next ? () => open(next.nid) : undefined}
          episodes={{ list: siblings, current: task.nid, onSelect: open }}
        />
      </div>
      <div className={styles.content}>
        <p className={styles.nowPlaying} data-testid="now-playing">
          {t('player.nowPlaying', { name: `${task.vod_name} · ${task.name}` })}
        </p>
      </div>
    </div>
  );
}
