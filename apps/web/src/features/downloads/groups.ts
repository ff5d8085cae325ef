/**
 * How the download page orders tasks (issue 17 item 6): grouped by title, the titles whose episodes are all
 * downloaded first, then the rest, each part newest first; inside a title the completed episodes first, then by
 * line and episode.
 */
import type { DownloadErrorKind, DownloadTask } from './engine/types';

export interface TitleGroup {
  vod_id: number;
  vod_name: string;
  vod_pic: string;
  tasks: DownloadTask[];
  /** Every episode completed. */
  complete: boolean;
  /** Newest task's creation time (ms). */
  time: number;
}

const byEpisode = (a: DownloadTask, b: DownloadTask) =>
  Number(b.state === 'completed') - Number(a.state === 'completed') || a.sid - b.sid || a.nid - b.nid;

export function groupTasks(tasks: readonly DownloadTask[]): TitleGroup[] {
  const groups = new Map<number, TitleGroup>();
  for (const task of tasks) {
    if (task.state === 'cancelled') continue;
    let group = groups.get(task.vod_id);
    if (!group) {
      group = {
        vod_id: task.vod_id,
        vod_name: task.vod_name,
        vod_pic: task.vod_pic,
        tasks: [],
        complete: true,
        time: 0,
      };
      groups.set(task.vod_id, group);
    }
    group.tasks.push(task);
    group.complete &&= task.state === 'completed';
    group.time = Math.max(group.time, task.time);
  }
  const list = [...groups.values()];
  for (const group of list) group.tasks.sort(byEpisode);
  return list.sort((a, b) => Number(b.complete) - Number(a.complete) || b.time - a.time);
}

/** The message key of a failed task (spec §8 download messages). */
export const ERROR_MESSAGE_KEY = {
  unsupported: 'downloads.errors.unsupported',
  bad_address: 'downloads.errors.badAddress',
  failed: 'downloads.errors.failed',
  storage_full: 'downloads.errors.storageFull',
} as const satisfies Record<DownloadErrorKind, string>;
