import type { DataQuery, VodItem } from '@openvod/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useVodInfinite } from '../../lib/catalogueQueries';
import { useSpecialType } from '../../lib/feedData';
import { mediaPaths, wallpaperDetailPath } from '../../lib/mediaPaths';
import { picUrl } from '../../lib/picUrl';
import { InfiniteFooter, nextPageLoader } from '../../ui/InfiniteFooter';
import { ImageIcon, StarIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, queryStateView } from '../../ui/StateViews';
import styles from './WallpaperPage.module.css';

/** The wallpaper list query (shared with the viewer so both use the same cached pages). */
export const WALLPAPER_QUERY: Omit<DataQuery, 'page' | 'type_id'> = { order: 'time', limit: 20 };

/** Split `items` into `columns` lists, item i to column i % columns (order stays stable as pages append). */
export function masonryColumns<T>(items: readonly T[], columns: number): T[][] {
  const cols: T[][] = Array.from({ length: Math.max(1, columns) }, () => []);
  items.forEach((item, i) => {
    cols[i % cols.length]?.push(item);
  });
  return cols;
}

function WallpaperTile({ vod }: { vod: VodItem }) {
  const url = picUrl(vod.vod_pic);
  const [failed, setFailed] = useState(false);
  return (
    <Link to={wallpaperDetailPath(vod.vod_id)} className={styles.tile} data-testid={`wallpaper-card-${vod.vod_id}`}>
      {url && !failed ? (
        <img src={url} alt={vod.vod_name} loading="lazy" decoding="async" onError={() => setFailed(true)} />
      ) : (
        <span className={styles.fallback} aria-hidden="true">
          <ImageIcon size={32} />
        </span>
      )}
      <span className={styles.name}>{vod.vod_name}</span>
    </Link>
  );
}

/**
 * Wallpaper tab (spec §2 `wallpaper/index`): the gallery category (`app_gallery_typeid`) as a two-column masonry of
 * posters, loading page after page; a tile opens `wallpaper/detail`. The header links to the wallpaper collection.
 */
export default function WallpaperPage() {
  const { t } = useTranslation();
  const { types, typeId } = useSpecialType('app_gallery_typeid');
  const list = useVodInfinite({ ...WALLPAPER_QUERY, type_id: typeId }, typeId > 0);

  let body = queryStateView([types, typeId > 0 && list]);
  if (!body) {
    const items = list.data?.pages.flatMap((p) => p.list) ?? [];
    if (items.length === 0) body = <EmptyView title={t('wallpaper.empty')} icon={<ImageIcon size={40} />} />;
    else
      body = (
        <div className={styles.wrap}>
          <div className={styles.masonry}>
            {masonryColumns(items, 2).map((column, c) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the two columns are fixed positions
              <div className={styles.column} key={c}>
                {column.map((vod) => (
                  <WallpaperTile key={vod.vod_id} vod={vod} />
                ))}
              </div>
            ))}
          </div>
          <InfiniteFooter loadMore={nextPageLoader(list)} hasMore={list.hasNextPage} endText={t('wallpaper.noMore')} />
        </div>
      );
  }

  return (
    <div>
      <PageHeader
        back={false}
        title={t('wallpaper.title')}
        right={
          <Link
            to={mediaPaths.wallpaperCollection}
            className={styles.headerLink}
            aria-label={t('pages.wallpaperCollection')}
            data-testid="wallpaper-collection-link"
          >
            <StarIcon size={22} />
          </Link>
        }
      />
      {body}
    </div>
  );
}
