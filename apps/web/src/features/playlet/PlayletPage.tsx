import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useVodInfinite } from '../../lib/catalogueQueries';
import { useSpecialType } from '../../lib/feedData';
import { playletDetailPath } from '../../lib/mediaPaths';
import { InfiniteFooter, nextPageLoader } from '../../ui/InfiniteFooter';
import { PageHeader } from '../../ui/PageHeader';
import { Poster } from '../../ui/Poster';
import { EmptyView, queryStateView } from '../../ui/StateViews';
import styles from './PlayletPage.module.css';

/**
 * `playlet/index` (spec §2): the short dramas of the playlet category (`app_playlet_typeid`) as a poster grid that
 * loads page by page; a card opens `playlet/playlet-detail` at episode 1.
 */
export default function PlayletPage() {
  const { t } = useTranslation();
  const { types, typeId } = useSpecialType('app_playlet_typeid');
  const list = useVodInfinite({ type_id: typeId, limit: 18 }, typeId > 0);

  let body = queryStateView([types, typeId > 0 && list]);
  if (!body) {
    const items = list.data?.pages.flatMap((p) => p.list) ?? [];
    if (items.length === 0) body = <EmptyView title={t('media.playletEmpty')} />;
    else
      body = (
        <div className={styles.wrap}>
          <div className={styles.grid}>
            {items.map((vod) => (
              <Link
                key={vod.vod_id}
                to={playletDetailPath(vod.vod_id)}
                className={styles.card}
                data-testid={`playlet-card-${vod.vod_id}`}
              >
                <div className={styles.posterWrap}>
                  <Poster src={vod.vod_pic} alt={vod.vod_name} className={styles.poster} />
                  {(vod.vod_remarks || vod.vod_total > 0) && (
                    <span className={styles.badge}>
                      {vod.vod_remarks || t('player.episodeCount', { count: vod.vod_total })}
                    </span>
                  )}
                </div>
                <div className={styles.name}>{vod.vod_name}</div>
              </Link>
            ))}
          </div>
          <InfiniteFooter
            loadMore={nextPageLoader(list)}
            hasMore={list.hasNextPage}
            endText={t('media.playletNoMore')}
          />
        </div>
      );
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.playlet')} />
      {body}
    </div>
  );
}
