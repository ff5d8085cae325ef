import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { positiveInt, topicListPath } from '../../lib/routes';
import { InfiniteFooter, nextPageLoader } from '../../ui/InfiniteFooter';
import { ChevronRightIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import styles from './pages.module.css';
import { picUrl } from './picUrl';
import { useTopic, useTopicsInfinite } from './queries';
import { htmlToText } from './text';
import { VodGrid, VodGridSkeleton, VodRow } from './VodCard';

function Cover({ pic, alt }: { pic: string; alt: string }) {
  const url = picUrl(pic);
  return url ? <img className={styles.topicCover} src={url} alt={alt} loading="lazy" decoding="async" /> : null;
}

/** specialtopic/index: published topics (topicView), each with a preview row of its titles. */
export function TopicsPage() {
  const { t } = useTranslation();
  const list = useTopicsInfinite();
  let body: ReactNode;
  if (list.isPending)
    body = (
      <div role="status" aria-busy="true">
        <VodGridSkeleton count={6} />
      </div>
    );
  else if (list.isError) body = <ErrorView message={errorMessage(list.error)} onRetry={() => list.refetch()} />;
  else {
    const topics = list.data.pages.flatMap((p) => p.list);
    body =
      topics.length === 0 ? (
        <EmptyView title={t('topic.empty')} />
      ) : (
        <>
          {topics.map((topic) => (
            <section key={topic.topic_id} className={styles.topicCard} data-testid={`topic-${topic.topic_id}`}>
              <Link to={topicListPath(topic.topic_id)} className={styles.topicHead}>
                <Cover pic={topic.topic_pic_slide || topic.topic_pic} alt={topic.topic_name} />
                <div className={styles.topicText}>
                  <h2 className={styles.topicTitle}>{topic.topic_name}</h2>
                  {topic.topic_blurb && <p className={styles.topicBlurb}>{topic.topic_blurb}</p>}
                </div>
              </Link>
              {topic.vod_list.length > 0 && (
                <div className={styles.topicRow}>
                  <VodRow list={topic.vod_list} />
                </div>
              )}
              <Link to={topicListPath(topic.topic_id)} className={styles.topicAll}>
                {t('topic.all', { count: topic.vod_count })}
                <ChevronRightIcon size={14} />
              </Link>
            </section>
          ))}
          <InfiniteFooter loadMore={nextPageLoader(list)} hasMore={list.hasNextPage} endText={t('topic.noMore')} />
        </>
      );
  }
  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.specialTopic')} />
      <div className={styles.list}>{body}</div>
    </div>
  );
}

/** specialtopic/topic-list?id=N: one topic with all its titles (topicViewWithVodDetail). */
export function TopicListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = positiveInt(params.get('id'));
  const topic = useTopic(id);
  if (id === undefined || topic.isError)
    return (
      <div className={styles.page}>
        <PageHeader title={t('pages.topicList')} />
        <ErrorView
          message={id === undefined ? t('error.pageAddressWrong') : errorMessage(topic.error)}
          onRetry={id === undefined ? undefined : () => topic.refetch()}
        />
      </div>
    );
  const info = topic.data;
  const content = info ? htmlToText(info.topic_content) || info.topic_blurb : '';
  return (
    <div className={styles.page}>
      <PageHeader title={info?.topic_name ?? t('pages.topicList')} />
      {!info ? (
        <LoadingView />
      ) : (
        <div data-testid="topic-detail">
          <div className={styles.hero}>
            <Cover pic={info.topic_pic_slide || info.topic_pic} alt={info.topic_name} />
            <div className={styles.heroText}>
              <h2>{info.topic_name}</h2>
              {content && <p>{content}</p>}
            </div>
          </div>
          <div className={styles.list}>
            <p className={styles.count}>{t('sort.total', { count: info.vod_list.length })}</p>
            {info.vod_list.length === 0 ? <EmptyView title={t('topic.noTitles')} /> : <VodGrid list={info.vod_list} />}
            {info.vod_list.length > 0 && <p className={styles.count}>{t('common.noMore')}</p>}
          </div>
        </div>
      )}
    </div>
  );
}

export default TopicsPage;
