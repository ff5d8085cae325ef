/** Display names of plog types and tasks (translated; unknown types show their number). */
import { plogTypeKey } from '@openvod/contract';
import type { TFunction } from 'i18next';

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

/** The translated label of a plog type (the contract's table of names); an unknown type shows its number. */
export function plogTypeName(t: TFunction, type: number): string {
  const key = plogTypeKey(type);
  return key ? t(`points.type.${key}`) : t('points.type.other', { n: type });
}

export function taskName(t: TFunction, task: { task_key: string; long: number; num: number }): string {
  if (task.long > 0) return t('points.task.watch_min', { n: task.long });
  if (!TASK_KEYS.has(task.task_key)) return task.task_key;
  return t(`points.task.${task.task_key as TaskKey}`, { n: task.num });
}
