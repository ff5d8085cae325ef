/**
 * The download page `me/download/index` (issue 17 item 6; spec §2 "me/download/index (offline cache)", §4 download
 * task states, §8 download messages, §9 settings): tasks grouped by title with their episodes (completed first,
 * {@link groupTasks}), each with its progress bar, size, speed, state text and actions (pause, resume, retry,
 * delete; a completed one plays offline); an edit mode to select several and delete them; the space the downloads
 * use and what is left on the device; the settings (variant cap, tasks at once 1..5); an empty state leading to the
 * catalogue. Everything comes from the app's {@link DownloadManager} (useDownloads.ts); nothing here needs the
 * network.
 */
import { Popup, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { downloadPlayPath, paths } from '../../lib/routes';
import { confirm } from '../../ui/feedback';
import { CheckIcon, DownloadIcon, PlayIcon, RefreshIcon, SettingsIcon, TrashIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { SheetHead } from '../../ui/SheetHead';
import { EmptyView, LoadingView } from '../../ui/StateViews';
import styles from './downloads.module.css';
import type { DownloadManager, DownloadQuality, DownloadTask } from './engine/types';
import { ERROR_MESSAGE_KEY, groupTasks } from './groups';
import {
  formatBytes,
  useDownloadManager,
  useDownloadSettings,
  useDownloadsReady,
  useDownloadTasks,
  useStorageSpace,
} from './useDownloads';

export default function DownloadPage() {
  const { t } = useTranslation();
  const manager = useDownloadManager();
  const ready = useDownloadsReady(manager);
  const tasks = useDownloadTasks(manager);
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [settingsOpen, setSettingsOpen] = useState(false);
  const groups = groupTasks(tasks);
  const shown = groups.flatMap((g) => g.tasks);
  // The space is asked again when a task is added, removed or completed (not on every progress tick).
  const spaceKey = shown.map((task) => `${task.id}:${task.state === 'completed'}`).join();
  const space = useStorageSpace(manager, spaceKey);

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const remove = async (ids: readonly string[]) => {
    if (!manager || ids.length === 0) return;
    const ok = await confirm({
      content: t('downloads.confirmDelete', { count: ids.length }),
      confirmText: t('downloads.delete'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    await manager.remove(ids);
    setSelected((prev) => new Set([...prev].filter((id) => !ids.includes(id))));
  };
  const stopEditing = () => {
    setEditing(false);
    setSelected(new Set());
  };
  const allSelected = shown.length > 0 && shown.every((task) => selected.has(task.id));

  const header = (
    <PageHeader
      title={t('pages.download')}
      right={
        <span className={styles.headerActions}>
          {shown.length > 0 && (
            <button
              type="button"
              className={styles.headerButton}
              onClick={() => (editing ? stopEditing() : setEditing(true))}
              data-testid="downloads-edit"
            >
              {editing ? t('downloads.done') : t('downloads.edit')}
            </button>
          )}
          <button
            type="button"
            className={styles.iconButton}
            onClick={() => setSettingsOpen(true)}
            aria-label={t('downloads.settings')}
            data-testid="downloads-settings"
          >
            <SettingsIcon size={20} />
          </button>
        </span>
      }
    />
  );

  return (
    <div className={styles.page} data-testid="downloads-page">
      {header}
      {!ready ? (
        <LoadingView />
      ) : (
        <>
          <SpaceBar space={space} />
          {groups.length === 0 ? (
            <EmptyView
              icon={<DownloadIcon size={40} />}
              title={t('downloads.empty')}
              description={t('downloads.emptyHint')}
              action={
                <Link to={paths.sort} className={styles.emptyAction} data-testid="downloads-browse">
                  {t('downloads.browse')}
                </Link>
              }
            />
          ) : (
            <div className={styles.groups}>
              {groups.map((group) => (
                <section key={group.vod_id} className={styles.group} data-testid={`downloads-title-${group.vod_id}`}>
                  <div className={styles.groupHead}>
                    {group.vod_pic ? (
                      <img className={styles.groupPic} src={group.vod_pic} alt="" />
                    ) : (
                      <span className={styles.groupPic} />
                    )}
                    <div className={styles.groupText}>
                      <strong className={styles.groupName}>{group.vod_name}</strong>
                      <span className={styles.groupCount}>
                        {t('player.episodeCount', { count: group.tasks.length })}
                      </span>
                    </div>
                  </div>
                  {group.tasks.map((task) => (
                    <TaskRow
                      key={task.id}
                      task={task}
                      manager={manager}
                      editing={editing}
                      selected={selected.has(task.id)}
                      onToggle={() => toggle(task.id)}
                      onDelete={() => void remove([task.id])}
                    />
                  ))}
                </section>
              ))}
            </div>
          )}
        </>
      )}
      {editing && (
        <div className={styles.editBar}>
          <button
            type="button"
            className={styles.textButton}
            onClick={() => setSelected(allSelected ? new Set() : new Set(shown.map((task) => task.id)))}
            data-testid="downloads-select-all"
          >
            {allSelected ? t('downloads.clearSelection') : t('downloads.selectAll')}
          </button>
          <button
            type="button"
            className={styles.dangerButton}
            disabled={selected.size === 0}
            onClick={() => void remove([...selected]).then(() => selected.size >= shown.length && stopEditing())}
            data-testid="downloads-delete-selected"
          >
            {t('downloads.deleteCount', { count: selected.size })}
          </button>
        </div>
      )}
      <Popup
        visible={settingsOpen}
        onMaskClick={() => setSettingsOpen(false)}
        onClose={() => setSettingsOpen(false)}
        bodyClassName={styles.sheet}
        destroyOnClose
      >
        <SheetHead
          title={t('downloads.settings')}
          onClose={() => setSettingsOpen(false)}
          closeTestId="downloads-settings-close"
        />
        <SettingsPanel manager={manager} />
      </Popup>
    </div>
  );
}

function SpaceBar({ space }: { space: ReturnType<typeof useStorageSpace> }) {
  const { t } = useTranslation();
  if (!space) return null;
  const total = space.used + space.free;
  const share = (bytes: number) => (total > 0 ? `${Math.min(100, (bytes / total) * 100)}%` : '0%');
  return (
    <div className={styles.space} data-testid="downloads-space">
      <div className={styles.spaceBar} aria-hidden="true">
        <span className={styles.spaceOther} style={{ width: share(space.used) }} />
        <span className={styles.spaceDownloads} style={{ width: share(space.downloads) }} />
      </div>
      <p className={styles.spaceText}>
        {t('downloads.space', { downloads: formatBytes(space.downloads), free: formatBytes(space.free) })}
      </p>
    </div>
  );
}

const STATE_KEY = {
  queued: 'downloads.states.queued',
  downloading: 'downloads.states.downloading',
  paused: 'downloads.states.paused',
  completed: 'downloads.states.completed',
  error: 'downloads.states.error',
  calculating: 'downloads.states.calculating',
  cancelled: 'downloads.states.cancelled',
} as const satisfies Record<DownloadTask['state'], string>;

/** The task's state text: for a failed task, the spec §8 message of its error. */
function stateKey(task: DownloadTask) {
  return task.state === 'error' ? ERROR_MESSAGE_KEY[task.error ?? 'failed'] : STATE_KEY[task.state];
}

function TaskRow({
  task,
  manager,
  editing,
  selected,
  onToggle,
  onDelete,
}: {
  task: DownloadTask;
  manager: DownloadManager | null;
  editing: boolean;
  selected: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const done = task.state === 'completed';
  const running = task.state === 'downloading' || task.state === 'calculating' || task.state === 'queued';
  // The total is known once the playlist is read (`calculating` ends): before that only what is stored.
  const size =
    done || task.totalSize <= 0
      ? formatBytes(task.fileSize)
      : t('downloads.size', { done: formatBytes(task.fileSize), total: formatBytes(task.totalSize) });
  const open = () => {
    if (editing) onToggle();
    else if (done) navigate(downloadPlayPath(task.id));
  };
  return (
    <div
      className={styles.task}
      data-testid={`download-task-${task.id}`}
      data-state={task.state}
      data-selected={editing && selected ? '' : undefined}
    >
      {editing && (
        <button
          type="button"
          className={styles.check}
          aria-pressed={selected}
          aria-label={task.name}
          onClick={onToggle}
          data-testid={`download-select-${task.id}`}
        >
          {selected && <CheckIcon size={14} />}
        </button>
      )}
      <button type="button" className={styles.taskMain} onClick={open} disabled={!editing && !done}>
        <span className={styles.taskTop}>
          <span className={styles.taskName}>{task.name}</span>
          {done && !task.looked && (
            <span className={styles.newDot} title={t('downloads.notLooked')} data-testid={`download-new-${task.id}`} />
          )}
          <span
            className={styles.taskState}
            data-error={task.state === 'error' ? '' : undefined}
            data-testid={`download-state-${task.id}`}
          >
            {t(stateKey(task))}
          </span>
        </span>
        {!done && (
          <span
            className={styles.progress}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={task.percent}
          >
            <span className={styles.progressFill} style={{ width: `${task.percent}%` }} />
          </span>
        )}
        <span className={styles.taskMeta}>
          <span>{size}</span>
          {task.state === 'downloading' && task.speed > 0 && (
            <span>{t('downloads.speed', { speed: formatBytes(task.speed) })}</span>
          )}
          {!done && <span>{task.percent}%</span>}
        </span>
      </button>
      {!editing && (
        <span className={styles.taskActions}>
          {done ? (
            <button
              type="button"
              className={styles.iconButton}
              onClick={open}
              aria-label={t('downloads.play')}
              data-testid={`download-play-${task.id}`}
            >
              <PlayIcon size={20} />
            </button>
          ) : running ? (
            <button
              type="button"
              className={styles.iconButton}
              onClick={() => void manager?.pause(task.id)}
              aria-label={t('downloads.pause')}
              data-testid={`download-pause-${task.id}`}
            >
              <PauseIcon />
            </button>
          ) : (
            <button
              type="button"
              className={styles.iconButton}
              onClick={() => void manager?.resume(task.id)}
              aria-label={task.state === 'error' ? t('downloads.retry') : t('downloads.resume')}
              data-testid={`download-resume-${task.id}`}
            >
              {task.state === 'error' ? <RefreshIcon size={20} /> : <DownloadIcon size={20} />}
            </button>
          )}
          <button
            type="button"
            className={styles.iconButton}
            onClick={onDelete}
            aria-label={t('downloads.delete')}
            data-testid={`download-delete-${task.id}`}
          >
            <TrashIcon size={20} />
          </button>
        </span>
      )}
    </div>
  );
}

function PauseIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <rect x="6" y="5" width="4" height="14" rx="1" />
      <rect x="14" y="5" width="4" height="14" rx="1" />
    </svg>
  );
}

const QUALITIES: readonly DownloadQuality[] = ['standard', 'high', 'highest'];

function SettingsPanel({ manager }: { manager: DownloadManager | null }) {
  const { t } = useTranslation();
  const [settings, update] = useDownloadSettings(manager);
  return (
    <div className={styles.settings}>
      <p className={styles.settingLabel}>{t('downloads.quality')}</p>
      <Selector
        columns={3}
        value={[settings.quality]}
        onChange={(v) => v[0] && void update({ quality: v[0] })}
        options={QUALITIES.map((q) => ({ label: t(`downloads.qualities.${q}`), value: q }))}
        data-testid="downloads-quality"
      />
      <p className={styles.settingLabel}>{t('downloads.maxConcurrent')}</p>
      <Selector
        columns={5}
        value={[settings.maxConcurrent]}
        onChange={(v) => v[0] && void update({ maxConcurrent: v[0] })}
        options={[1, 2, 3, 4, 5].map((n) => ({ label: String(n), value: n }))}
        data-testid="downloads-concurrency"
      />
      <p className={styles.settingHint}>{t('downloads.settingsHint')}</p>
    </div>
  );
}
