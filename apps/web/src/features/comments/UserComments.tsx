/**
 * A user's public (shown) comments, newest first, for the personal homepage (friend-info; the app shell passes it
 * as the page's `commentsSlot`). Props: `userId`.
 */
import { useTranslation } from 'react-i18next';
import { InfiniteFooter, nextPageLoader } from '../../ui/InfiniteFooter';
import { EmptyView, ErrorView, LoadingView } from '../../ui/StateViews';
import { CommentItemView } from './CommentItemView';
import styles from './comments.module.css';
import { useUserComments } from './queries';

export function UserComments({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const list = useUserComments(userId);
  if (list.isPending) return <LoadingView />;
  if (list.isError) return <ErrorView onRetry={() => void list.refetch()} />;
  const items = list.data.pages.flatMap((p) => p.list);
  if (items.length === 0) return <EmptyView title={t('comments.noneYet')} />;
  return (
    <div className={styles.userList} data-testid="user-comments">
      {items.map((c) => (
        <CommentItemView key={c.comment_id} comment={c} />
      ))}
      <InfiniteFooter
        loadMore={nextPageLoader(list)}
        hasMore={Boolean(list.hasNextPage)}
        endText={t('comments.noMore')}
      />
    </div>
  );
}
