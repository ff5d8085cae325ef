import { useTranslation } from 'react-i18next';
import { detailPath } from '../../lib/routes';
import { useUserId } from '../../lib/session';
import { useServerPull } from '../../lib/useServerPull';
import { StarIcon } from '../../ui/icons';
import { EmptyView } from '../../ui/StateViews';
import styles from './collections.module.css';
import { useCollection } from './favouriteStore';
import { clearFavourites, pullFavourites, removeFavourites } from './favouriteSync';
import { type ListRow, SelectableList } from './SelectableList';

/** Date of a seconds timestamp in the viewer's language. */
export function formatDay(seconds: number, language: string): string {
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(seconds * 1000),
  );
}

/**
 * `me/common/collection-list` (spec §2, §3 collection record): the films the viewer collected, newest first; a row
 * opens the title; "Edit" selects rows to remove. Signed in, the list is the server's favourites (read when the page
 * opens, merged with the guest's collection of this device); a guest's list lives on the device.
 */
export default function CollectionListPage() {
  const { t, i18n } = useTranslation();
  const userId = useUserId();
  const records = useCollection();
  const server = useServerPull(userId, pullFavourites);

  const rows: ListRow[] = records.map((r) => ({
    key: r.vod_id,
    to: detailPath(r.vod_id),
    name: r.vod_name || t('collections.untitled'),
    pic: r.vod_pic,
    lines: (
      <>
        {r.play && <span className={styles.rowLine}>{r.play}</span>}
        <span className={styles.rowLine}>
          {t('collections.collectedOn', { date: formatDay(r.time, i18n.language) })}
        </span>
      </>
    ),
  }));

  return (
    <SelectableList
      title={t('pages.collectionList')}
      rows={rows}
      testId="collection-list"
      server={server}
      empty={
        <EmptyView
          title={t('collections.empty')}
          description={t('collections.emptyHint')}
          icon={<StarIcon size={40} />}
        />
      }
      onRemove={(keys, all) => (all ? clearFavourites(userId) : removeFavourites(userId, keys))}
    />
  );
}
