/**
 * The review centre (spec §2 me/comment/comment-list): tabs "my comments" (every status, with "awaiting review" /
 * "hidden" marks) and "replies to me" (with an unread badge; opening the tab marks them read). Each row links to
 * its title. Signed-in users only (the router wraps it in RequireLogin).
 */
import type { CommentMineItem } from '@openvod/contract';
import { Badge } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detailPath } from '../../lib/routes';
import { InfiniteFooter, nextPageLoader } from '../../ui/InfiniteFooter';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, ErrorView, LoadingView } from '../../ui/StateViews';
import { commentTime } from './CommentItemView';
import styles from './comments.module.css';
import { useCommentUserCount, useReadReplies, useReviewList } from './queries';

type Tab = 'mine' | 'replies';

export default function CommentCenterPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('mine');
  const counts = useCommentUserCount();
  const unread = counts.data?.unread ?? 0;
  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.commentList')} />
      <div className={styles.tabs} role="tablist">
        {(['mine', 'replies'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? styles.tabOn : styles.tab}
            onClick={() => setTab(k)}
            data-testid={`review-tab-${k}`}
          >
            {k === 'replies' && unread > 0 ? (
              <Badge content={unread} data-testid="review-unread">
                <span className={styles.badgeLabel}>{t('comments.repliesToMe')}</span>
              </Badge>
            ) : k === 'replies' ? (
              t('comments.repliesToMe')
            ) : (
              t('comments.mine')
            )}
          </button>
        ))}
      </div>
      <ReviewList key={tab} kind={tab} unread={unread} />
    </div>
  );
}

function ReviewList({ kind, unread }: { kind: Tab; unread: number }) {
  const { t, i18n } = useTranslation();
  const list = useReviewList(kind);
  const read = useReadReplies();
  const shown = kind === 'replies' && list.isSuccess && unread > 0;
  // Seen: the replies tab was opened with its list on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once each time unread replies come on screen
  useEffect(() => {
    if (shown) read.mutate();
  }, [shown]);
  if (list.isPending) return <LoadingView />;
  if (list.isError) return <ErrorView onRetry={() => void list.refetch()} />;
  const items = list.data.pages.flatMap((p) => p.list);
  if (items.length === 0)
    return <EmptyView title={kind === 'mine' ? t('comments.noneYet') : t('comments.noReplies')} />;
  const status = (c: CommentMineItem) =>
    c.comment_status === 0 ? t('comments.pending') : c.comment_status === 2 ? t('comments.hidden') : '';
  return (
    <div className={styles.reviewList} data-testid={`review-list-${kind}`}>
      {items.map((c) => (
        <Link key={c.comment_id} to={detailPath(c.comment_rid)} className={styles.reviewItem} data-testid="review-item">
          <div className={styles.meta}>
            <span className={styles.name}>{c.user_id ? c.comment_name : t('comments.deletedUser')}</span>
            {kind === 'replies' && c.comment_reply_read === 0 && (
              <span className={styles.dot} title={t('comments.unread')} data-testid="review-unread-dot" />
            )}
            <time className={styles.time}>{commentTime(c.comment_time, i18n.language)}</time>
          </div>
          <p className={styles.text}>
            {/* One of my replies says whom it answered (a reply to me answers me: nothing to say). */}
            {kind === 'mine' && c.reply_name && (
              <span className={styles.replyTo} data-testid="comment-reply-to">
                {t('comments.replyPrefix', { name: c.reply_name })}
              </span>
            )}
            <span data-testid="comment-text">{c.comment_content}</span>
          </p>
          <p className={styles.reviewFoot}>
            <span className={styles.vodName}>{c.vod_name}</span>
            {status(c) && <span className={styles.pending}>{status(c)}</span>}
          </p>
        </Link>
      ))}
      <InfiniteFooter
        loadMore={nextPageLoader(list)}
        hasMore={Boolean(list.hasNextPage)}
        endText={t('comments.noMore')}
      />
    </div>
  );
}
