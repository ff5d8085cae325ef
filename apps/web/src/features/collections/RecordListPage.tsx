import { useTranslation } from 'react-i18next';
import { detailPath } from '../../lib/routes';
import { useUserId } from '../../lib/session';
import { useServerPull } from '../../lib/useServerPull';
import { HistoryIcon } from '../../ui/icons';
import { EmptyView } from '../../ui/StateViews';
import { formatDay } from './CollectionListPage';
import styles from './collections.module.css';
import { type ListRow, SelectableList } from './SelectableList';

/**
 * What the page reads of a watch record (spec §3 "Locally stored lists": time, vod_id, vod_name, play, vod_pic, dur,
 * cdur, and the longer reading's duration (percent), sid, nid); the player's record store has this shape.
 */
export interface HistoryEntry {
  time: number;
  vod_id: number;
  vod_name: string;
  play: string;
  vod_pic: string;
  /** Episode length and resume point, seconds. */
  dur: number;
  cdur: number;
  /** Progress, whole percent. */
  duration: number;
  sid: number;
  nid: number;
}

interface RecordListPageProps {
  /** The viewer's watch records (one per title). */
  records: readonly HistoryEntry[];
  /** Merge the server's watch log of a signed-in user into `records` (run when the page opens). */
  pull: (userId: number, signal: AbortSignal) => Promise<unknown>;
  /** Remove records (all of them when `all`); rejects with a user-facing message. */
  remove: (userId: number, vodIds: readonly number[], all: boolean) => Promise<void>;
}

/** `m:ss` or `h:mm:ss` of a number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * `me/common/record-list` (spec §2 watch history, §3 watch record, §4 "Record list: one entry per film, newest
 * first"): the titles the viewer watched with the episode and how far (continue watching opens the title at that
 * episode, where the player resumes); "Edit" selects rows to remove. app/pages/RecordListRoute.tsx gives it the
 * player's record store, where a signed-in user's server watch log (plays) is merged in when the page opens.
 */
export default function RecordListPage({ records, pull, remove }: RecordListPageProps) {
  const { t, i18n } = useTranslation();
  const userId = useUserId();
  const server = useServerPull(userId, pull);
  const seen = new Set<number>();

  const rows: ListRow[] = [...records]
    .sort((a, b) => b.time - a.time)
    .filter((r) => !seen.has(r.vod_id) && Boolean(seen.add(r.vod_id)))
    .map((r) => {
      const percent = r.duration || (r.dur > 0 ? Math.min(100, Math.round((r.cdur / r.dur) * 100)) : 0);
      const episode = r.play || (r.nid > 0 ? t('collections.episode', { n: r.nid }) : '');
      return {
        key: r.vod_id,
        to: detailPath(r.vod_id, r.sid || undefined, r.nid || undefined),
        name: r.vod_name || t('collections.untitled'),
        pic: r.vod_pic,
        lines: (
          <>
            <span className={styles.rowLine}>
              {[episode, r.cdur > 0 ? t('collections.watchedTo', { time: clock(r.cdur), percent }) : '']
                .filter(Boolean)
                .join(' · ')}
            </span>
            <span className={styles.rowLine}>{formatDay(r.time, i18n.language)}</span>
          </>
        ),
        extra: (
          <span className={styles.progress} aria-hidden="true">
            <span style={{ width: `${percent}%` }} />
          </span>
        ),
      };
    });

  return (
    <SelectableList
      title={t('pages.recordList')}
      rows={rows}
      testId="record-list"
      server={server}
      empty={
        <EmptyView
          title={t('collections.historyEmpty')}
          description={t('collections.historyEmptyHint')}
          icon={<HistoryIcon size={40} />}
        />
      }
      onRemove={(keys, all) => remove(userId, keys, all)}
    />
  );
}
