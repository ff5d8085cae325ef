/**
 * Task list (spec §2 me/task-list; §3 Task config; §9 daily rewards): each enabled daily task with its reward and
 * today's progress (count / num), today's watched minutes, the check-in action, today's free view / download
 * counts (getTask single), the one-off bind-phone reward (single.bindphone.point; a link to bind-phone until a phone
 * is bound) and the watch-time log (durationList: minutes per operator day, spec §4 Duration reward).
 */
import { AD_SLOT, TASK_PLOG } from '@openvod/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppConfig } from '../../lib/appConfig';
import { detailPath, paths } from '../../lib/routes';
import { useSession, useUserId } from '../../lib/session';
import { InfiniteFooter } from '../../ui/InfiniteFooter';
import styles from '../../ui/moneyPage.module.css';
import { PageHeader } from '../../ui/PageHeader';
import { slotOn } from '../ads';
import { useHome } from '../catalogue';
import { useWatchRecordStore } from '../player';
import { useCheckIn, useDurationList, useTasks } from './queries';
import { taskName } from './text';

/** What the "go" actions lead to: a title, and which ad slots are switched on. */
export interface TaskPlaces {
  /** A title to go to: the last one watched, else the first on home; undefined while none is known. */
  titleId?: number;
  /** The banner slot (docked above the tabs of the main pages, home included) is on. */
  bannerAds: boolean;
  /** A slot shown on a title's page is on: its detail slot, or the player's pre-roll and pause ads. */
  titleAds: boolean;
}

/**
 * Where a daily task is done (its "go" action), never a page where it cannot be: watching (a film, or minutes),
 * favouriting on a title's page, sharing on share-to; an ad click on home when the banner slot is on, else on a title's page
 * when the detail or player slot is on. Check-in is done right here, and a task with no such place (no title known
 * yet, no slot on this app shows, or a type this app has no page for) gets no route. The server offers only tasks
 * the product can complete (apps/server/src/modules/points `offeredTasks`).
 */
export function taskRoute(task: { plog_type: number; long: number }, places: TaskPlaces): string | undefined {
  const title = places.titleId ? detailPath(places.titleId) : undefined;
  switch (task.plog_type) {
    case TASK_PLOG.checkIn:
      return undefined;
    case TASK_PLOG.adClick:
      return places.bannerAds ? paths.home : places.titleAds ? title : undefined;
    case TASK_PLOG.watchFilm:
    case TASK_PLOG.collectFilm:
    case TASK_PLOG.comment:
      return title;
    case TASK_PLOG.share:
      // The share page makes the short link, which pays the task on the server (modules/social).
      return paths.shareTo;
    case TASK_PLOG.saveQr:
      // The poster is saved on the promotion methods page (the server pays the task on the download).
      return paths.rewardMore;
    default:
      return task.long > 0 ? title : undefined;
  }
}

/** The title of the viewer's last watch record, else the first title on home (slides, hot, recommended, blocks). */
function useTaskPlaces(): TaskPlaces {
  const userId = useUserId();
  const lastWatched = useWatchRecordStore((s) => s.byUser[String(userId)]?.[0]?.vod_id);
  const home = useHome().data;
  const config = useAppConfig();
  const firstOnHome = home
    ? [...home.slide, ...home.hot, ...home.recommend, ...home.blocks.flatMap((b) => b.list)][0]?.vod_id
    : undefined;
  return {
    titleId: lastWatched ?? firstOnHome,
    bannerAds: slotOn(config.ads, AD_SLOT.banner),
    titleAds: slotOn(config.ads, AD_SLOT.detail) || slotOn(config.ads, AD_SLOT.player),
  };
}

/** has/total of a free count, or "unlimited" when the user's group is not metered (VIP). */
function freeCount(t: TFunction, key: 'points.freeViews' | 'points.freeDownloads', c: FreeUse): string {
  return c.unlimited ? t(`${key}Unlimited`) : t(key, { has: c.has, total: c.total });
}
interface FreeUse {
  has: number;
  total: number;
  unlimited?: boolean;
}

/** Watched seconds as whole minutes and the remaining seconds. */
export function minutesAndSeconds(total: number): { m: number; s: number } {
  const t = Math.max(0, Math.floor(total));
  return { m: Math.floor(t / 60), s: t % 60 };
}

function DurationLog() {
  const { t } = useTranslation();
  const q = useDurationList();
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className={styles.section} data-testid="duration-log">
      <h2 className={styles.sectionTitle}>{t('points.durationLog')}</h2>
      {q.isError && <p className={styles.error}>{t('common.loadingFailed')}</p>}
      {rows.length === 0 && q.isSuccess && <p className={styles.note}>{t('points.durationEmpty')}</p>}
      <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {rows.map((r) => (
          <li key={r.day} className={styles.row} data-testid="duration-item">
            <span>{r.day}</span>
            <span className={styles.note}>{t('points.durationValue', minutesAndSeconds(r.seconds))}</span>
          </li>
        ))}
      </ul>
      {q.isSuccess && q.hasNextPage && (
        <InfiniteFooter
          hasMore
          loadMore={async () => {
            await q.fetchNextPage();
          }}
        />
      )}
    </section>
  );
}

export default function TaskListPage() {
  const { t } = useTranslation();
  const q = useTasks();
  const [error, setError] = useState('');
  const data = q.data;
  const phoneBound = useSession((s) => Boolean(s.user?.user_phone));
  const places = useTaskPlaces();
  const checkInMutation = useCheckIn();

  async function checkIn() {
    setError('');
    try {
      await checkInMutation.mutateAsync();
    } catch (err) {
      setError(err instanceof Error ? err.message : t('common.loadingFailed'));
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.taskList')} />
      {q.isError && <p className={`${styles.section} ${styles.error}`}>{t('common.loadingFailed')}</p>}
      {data && (
        <>
          <div className={styles.card}>
            <div className={styles.balance}>
              <small>{t('points.balance')}</small>
              <strong>{data.user_points}</strong>
            </div>
            <div className={styles.balance} style={{ textAlign: 'right' }}>
              <small>{t('points.watchedToday', { n: Math.floor(data.watch_seconds / 60) })}</small>
              <small data-testid="free-views">{freeCount(t, 'points.freeViews', data.single.freewatch)}</small>
              <small data-testid="free-downloads">
                {freeCount(t, 'points.freeDownloads', data.single.freedownload)}
              </small>
            </div>
          </div>
          {error && <p className={`${styles.section} ${styles.error}`}>{error}</p>}
          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{t('points.daily')}</h2>
            <ul data-testid="task-list" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
              {data.tasks.map((task) => {
                const done = task.count >= task.num;
                const route = taskRoute(task, places);
                return (
                  <li key={task.task_id} className={styles.row} data-testid={`task-${task.task_key}`}>
                    <div className={styles.rowMain}>
                      <span>{taskName(t, task)}</span>
                      <small className={styles.note}>
                        <span className={styles.plus}>+{task.points}</span> · {task.count}/{task.num}
                      </small>
                    </div>
                    {task.plog_type === 10 && !done ? (
                      <button type="button" className={styles.primary} onClick={checkIn}>
                        {t('points.checkIn')}
                      </button>
                    ) : route && !done ? (
                      <Link to={route} className={styles.primary} data-testid={`task-${task.task_key}-go`}>
                        {t('points.go')}
                      </Link>
                    ) : (
                      <span className={styles.done}>{t('points.done')}</span>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
          {data.single.bindphone.point > 0 && (
            <section className={styles.section}>
              <h2 className={styles.sectionTitle}>{t('points.once')}</h2>
              <div className={styles.row} data-testid="task-bindphone">
                <div className={styles.rowMain}>
                  <span>{t('points.task.bindphone')}</span>
                  <small className={styles.note}>
                    <span className={styles.plus}>+{data.single.bindphone.point}</span>
                  </small>
                </div>
                {phoneBound ? (
                  <span className={styles.done}>{t('points.done')}</span>
                ) : (
                  <Link to={paths.bindPhone} className={styles.primary} data-testid="task-bindphone-go">
                    {t('points.go')}
                  </Link>
                )}
              </div>
            </section>
          )}
          <DurationLog />
        </>
      )}
    </div>
  );
}
