/**
 * The title page's download button and sheet (issue 17 item 1; spec §1 offline caching, §4 free-view flow type 5,
 * §5 "when downloads run out"): the sheet lists the current line's episodes, several can be chosen at once (those
 * already downloaded or queued are marked and cannot be chosen again), and "download" runs {@link runDownloadFlow}.
 * A refusal shows the blocked screen in the sheet (composed by app/: rewarded ad with purpose 'download', log in,
 * VIP; or "your group may not download this category"), and after an ad or a purchase the rest is tried again.
 */
import type { CheckBuyPopedomResponse } from '@openvod/contract';
import { useMutation } from '@tanstack/react-query';
import { Popup } from 'antd-mobile';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserId } from '../../lib/session';
import { toast } from '../../ui/feedback';
import { CheckIcon, DownloadIcon } from '../../ui/icons';
import { SheetHead } from '../../ui/SheetHead';
import { runDownloadFlow } from './downloadFlow';
import styles from './downloads.module.css';
import { downloadsApi } from './downloadsApi';
import type { DownloadRequest, DownloadTask } from './engine/types';
import { useDownloadManager, useDownloadTasks } from './useDownloads';

/** One episode of the line, its address absolute ('' while the server withholds it). */
export interface SheetEpisode {
  nid: number;
  name: string;
  url: string;
}

export interface DownloadLine {
  sid: number;
  /** The line's player code (`vod_play_from`). */
  from: string;
  episodes: readonly SheetEpisode[];
}

export interface DownloadSheetProps {
  vod: { vod_id: number; vod_name: string; vod_pic: string };
  line: DownloadLine;
  open: boolean;
  onClose: () => void;
  /** The blocked screen for a refusal (app/ composes the ad, login and VIP choices); `onRetry` runs the rest again. */
  renderBlocked: (check: CheckBuyPopedomResponse, onRetry: () => void) => ReactNode;
  /** Open the download page. */
  onOpenDownloads: () => void;
}

/** The task id of an episode (engine/types.ts `DownloadTask.id`). */
export const taskIdOf = (vodId: number, sid: number, nid: number) => `${vodId}-${sid}-${nid}`;

/** The title page's download button (opens the sheet). */
export function DownloadButton({ onClick, className }: { onClick: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={className} onClick={onClick} data-testid="download-title">
      <DownloadIcon size={18} />
      <span>{t('downloads.button')}</span>
    </button>
  );
}

export function DownloadSheet({ vod, line, open, onClose, renderBlocked, onOpenDownloads }: DownloadSheetProps) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet} destroyOnClose>
      <SheetHead title={t('downloads.sheetTitle')} onClose={onClose} closeTestId="download-sheet-close" />
      <SheetBody vod={vod} line={line} renderBlocked={renderBlocked} onOpenDownloads={onOpenDownloads} />
    </Popup>
  );
}

type Blocked = { check: CheckBuyPopedomResponse; remaining: DownloadRequest[] };

function SheetBody({
  vod,
  line,
  renderBlocked,
  onOpenDownloads,
}: Pick<DownloadSheetProps, 'vod' | 'line' | 'renderBlocked' | 'onOpenDownloads'>) {
  const { t } = useTranslation();
  const manager = useDownloadManager();
  const tasks = useDownloadTasks(manager);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [blocked, setBlocked] = useState<Blocked | undefined>();
  // The flow's writes (the type 5 entries) as one mutation; the episodes' progress then lives in the downloader.
  const flow = useMutation({
    mutationFn: (requests: DownloadRequest[]) => {
      if (!manager) throw new Error(t('downloads.checkFailed'));
      return runDownloadFlow(requests, {
        check: () => downloadsApi.check(vod.vod_id),
        claim: currentUserId() > 0 ? (sid, nid) => downloadsApi.claim(vod.vod_id, sid, nid) : undefined,
        add: (request) => manager.add(request),
      });
    },
    onMutate: () => setBlocked(undefined),
    onSuccess: (result) => {
      const added = new Set(result.added.map((task) => task.nid));
      setChosen((prev) => new Set([...prev].filter((nid) => !added.has(nid))));
      if (result.added.length > 0) toast(t('downloads.added', { count: result.added.length }), 'success');
      if (result.state === 'refused') setBlocked({ check: result.check, remaining: result.remaining });
    },
    onError: (err) => toast(err instanceof Error && err.message ? err.message : t('downloads.checkFailed'), 'fail'),
  });
  const busy = flow.isPending;

  const taskOf = useMemo(() => {
    const byId = new Map<string, DownloadTask>();
    for (const task of tasks) if (task.vod_id === vod.vod_id && task.sid === line.sid) byId.set(task.id, task);
    return (nid: number) => byId.get(taskIdOf(vod.vod_id, line.sid, nid));
  }, [tasks, vod.vod_id, line.sid]);
  const choosable = line.episodes.filter((e) => e.url && !taskOf(e.nid));
  const allChosen = choosable.length > 0 && choosable.every((e) => chosen.has(e.nid));
  const ownCount = line.episodes.filter((e) => taskOf(e.nid)).length;

  const toggle = (nid: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(nid)) next.delete(nid);
      else next.add(nid);
      return next;
    });

  const run = (requests: DownloadRequest[]) => {
    if (!manager || busy || requests.length === 0) return;
    flow.mutate(requests);
  };

  const requestsOf = (nids: Iterable<number>): DownloadRequest[] => {
    const wanted = new Set(nids);
    return line.episodes
      .filter((e) => wanted.has(e.nid) && e.url && !taskOf(e.nid))
      .map((e) => ({
        vod_id: vod.vod_id,
        vod_name: vod.vod_name,
        vod_pic: vod.vod_pic,
        name: e.name,
        sid: line.sid,
        nid: e.nid,
        play: line.from,
        url: e.url,
      }));
  };

  if (blocked) {
    return (
      <div className={styles.sheetBlocked} data-testid="download-blocked">
        {renderBlocked(blocked.check, () => run(requestsOf(blocked.remaining.map((r) => r.nid))))}
        <button type="button" className={styles.textButton} onClick={() => setBlocked(undefined)}>
          {t('downloads.backToEpisodes')}
        </button>
      </div>
    );
  }

  return (
    <div className={styles.sheetBody}>
      {line.episodes.length === 0 ? (
        <p className={styles.sheetEmpty}>{t('player.lineEmpty')}</p>
      ) : (
        <div className={styles.episodeGrid} data-testid="download-episodes">
          {line.episodes.map((e) => {
            const task = taskOf(e.nid);
            const mark = task ? (task.state === 'completed' ? t('downloads.markDone') : t('downloads.markQueued')) : '';
            return (
              <button
                key={e.nid}
                type="button"
                className={styles.episode}
                disabled={Boolean(task) || !e.url || busy}
                aria-pressed={chosen.has(e.nid)}
                data-state={task?.state}
                data-testid={`download-episode-${e.nid}`}
                onClick={() => toggle(e.nid)}
              >
                <span className={styles.episodeName}>{e.name}</span>
                {task && (
                  <span className={styles.episodeMark}>
                    {task.state === 'completed' && <CheckIcon size={12} />}
                    {mark}
                  </span>
                )}
              </button>
            );
          })}
        </div>
      )}
      {choosable.length < line.episodes.length - ownCount && (
        <p className={styles.sheetHint}>{t('downloads.noAddress')}</p>
      )}
      <div className={styles.sheetFooter}>
        <button
          type="button"
          className={styles.textButton}
          disabled={choosable.length === 0 || busy}
          onClick={() => setChosen(allChosen ? new Set() : new Set(choosable.map((e) => e.nid)))}
          data-testid="download-select-all"
        >
          {allChosen ? t('downloads.clearSelection') : t('downloads.selectAll')}
        </button>
        <button type="button" className={styles.textButton} onClick={onOpenDownloads} data-testid="download-open-page">
          {t('downloads.viewAll')}
        </button>
        <button
          type="button"
          className={styles.primaryButton}
          disabled={chosen.size === 0 || busy || !manager}
          onClick={() => run(requestsOf(chosen))}
          data-testid="download-start"
        >
          {busy ? t('downloads.starting') : t('downloads.start', { count: chosen.size })}
        </button>
      </div>
    </div>
  );
}
