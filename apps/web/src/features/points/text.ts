/** Display names of plog types and tasks (translated; unknown types show their number). */
import type { TFunction } from 'i18next';

type PlogKey =
  | 'recharge'
  | 'invite'
  | 'visit'
  | 'distribution'
  | 'upgrade'
  | 'purchase'
  | 'withdrawal'
  | 'checkin'
  | 'keepalive'
  | 'bindphone'
  | 'ad_click'
  | 'watch_film'
  | 'watch_min'
  | 'collect_film'
  | 'share'
  | 'comment'
  | 'save_qr'
  | 'exchange'
  | 'guest_merge';

const PLOG_KEYS: Record<number, PlogKey> = {
  1: 'recharge',
  2: 'invite',
  3: 'visit',
  4: 'distribution',
  5: 'distribution',
  6: 'distribution',
  7: 'upgrade',
  8: 'purchase',
  9: 'withdrawal',
  10: 'checkin',
  11: 'keepalive',
  12: 'bindphone',
  13: 'ad_click',
  14: 'watch_film',
  15: 'watch_min',
  16: 'watch_min',
  17: 'watch_min',
  18: 'watch_min',
  19: 'watch_min',
  20: 'collect_film',
  21: 'share',
  22: 'comment',
  23: 'save_qr',
  24: 'exchange',
  // modules/accounts/guest-merge.ts: a guest's points moved into the account it signed into.
  30: 'guest_merge',
};

type TaskKey = 'checkin' | 'watch_film' | 'collect_film' | 'share' | 'comment' | 'ad_click' | 'save_qr';
const TASK_KEYS: ReadonlySet<string> = new Set<TaskKey>([
  'checkin',
  'watch_film',
  'collect_film',
  'share',
  'comment',
  'ad_click',
  'save_qr',
]);

export function plogTypeName(t: TFunction, type: number): string {
  const key = PLOG_KEYS[type];
  return key ? t(`points.type.${key}`) : t('points.type.other', { n: type });
}

export function taskName(t: TFunction, task: { task_key: string; long: number; num: number }): string {
  if (task.long > 0) return t('points.task.watch_min', { n: task.long });
  if (!TASK_KEYS.has(task.task_key)) return task.task_key;
  return t(`points.task.${task.task_key as TaskKey}`, { n: task.num });
}
