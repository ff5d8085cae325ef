/**
 * Task list (spec §2 me/task-list; §3 Task config; §9 daily rewards): each enabled daily task with its reward and
 * today's progress (count / num), today's watched minutes, the check-in action, and today's free view / download
 * counts (getTask single).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../lib/queryClient';
import { PageHeader } from '../../ui/PageHeader';
import styles from './points.module.css';
import { pointsApi } from './pointsApi';
import { useTasks } from './queries';
import { taskName } from './text';

export default function TaskListPage() {
  const { t } = useTranslation();
  const q = useTasks();
  const [error, setError] = useState('');
  const data = q.data;

  async function checkIn() {
    setError('');
    try {
      await pointsApi.setPlog(10);
      await queryClient.invalidateQueries({ queryKey: ['points'] });
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
              <small>
                {t('points.freeViews', { has: data.single.freewatch.has, total: data.single.freewatch.total })}
              </small>
              <small>
                {t('points.freeDownloads', {
                  has: data.single.freedownload.has,
                  total: data.single.freedownload.total,
                })}
              </small>
            </div>
          </div>
          {error && <p className={`${styles.section} ${styles.error}`}>{error}</p>}
          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{t('points.daily')}</h2>
            <ul data-testid="task-list" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
              {data.tasks.map((task) => {
                const done = task.count >= task.num;
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
                    ) : (
                      <span className={styles.done}>{done ? t('points.done') : t('points.todo')}</span>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
