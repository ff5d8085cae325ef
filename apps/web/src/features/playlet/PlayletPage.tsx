import { DotLoading, InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import { useVodInfinite } from '../catalogue/queries';
import { Poster } from '../catalogue/VodCard';
import { useSpecialType } from '../smallvideo/feedData';
import { playletDetailPath } from '../smallvideo/paths';
import styles from './PlayletPage.module.css';

/**
 * `playlet/index` (spec §2): the short dramas of the playlet category (`app_playlet_typeid`) as a poster grid that
 * loads page by page; a card opens `playlet/playlet-detail` at episode 1.
 */
export default function PlayletPage() {
  const { t } = useTranslation();
  const { types, typeId } = useSpecialType('app_playlet_typeid');
  const list = useVodInfinite({ type_id: typeId, limit: 18 }, typeId > 0);

  let body: React.ReactNode;
  if (types.isPending || (typeId > 0 && list.isPending)) body = <LoadingView />;
  else if (types.isError) body = <ErrorView message={errorMessage(types.error)} onRetry={() => types.refetch()} />;
  else if (list.isError) body = <ErrorView message={errorMessage(list.error)} onRetry={() => list.refetch()} />;
  else {
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
          <InfiniteScroll
            loadMore={async () => {
              const result = await list.fetchNextPage();
              if (result.isError) throw result.error;
            }}
            hasMore={list.hasNextPage}
            threshold={400}
          >
            {(hasMore, failed, retry) => (
              <div className={styles.footer}>
                {failed ? (
                  <button type="button" className={styles.retry} onClick={retry}>
                    {t('common.loadingFailed')} · {t('common.retry')}
                  </button>
                ) : hasMore ? (
                  <>
                    <DotLoading color="primary" /> <span>{t('common.loading')}</span>
                  </>
                ) : (
                  <span data-testid="no-more">{t('common.noMore')}</span>
                )}
              </div>
            )}
          </InfiniteScroll>
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
