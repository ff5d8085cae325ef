/**
 * A top comment with its replies: the first replies come with the thread (commentList), "all N replies" loads the
 * rest (commentList `pid`).
 */
import type { CommentItem, CommentThread } from '@openvod/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentItemView } from './CommentItemView';
import styles from './comments.module.css';
import { useReplies } from './queries';

export function Thread({ thread, onReply }: { thread: CommentThread; onReply?: (c: CommentItem) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const all = useReplies(thread.comment_id, open);
  const replies = open && all.data ? all.data.pages.flatMap((p) => p.list) : thread.replies;
  const hidden = thread.comment_reply - replies.length;
  return (
    <div className={styles.thread}>
      <CommentItemView comment={thread} onReply={onReply} />
      {replies.length > 0 && (
        <div className={styles.replies} data-testid="comment-replies">
          {replies.map((r) => (
            <CommentItemView
              key={r.comment_id}
              comment={r}
              onReply={onReply}
              reply
              threadAuthor={thread.comment_name}
            />
          ))}
          {(hidden > 0 || (open && all.hasNextPage)) && (
            <button
              type="button"
              className={styles.link}
              onClick={() => (open ? void all.fetchNextPage() : setOpen(true))}
              data-testid="comment-more-replies"
            >
              {/* "Show all N replies": N is the thread's replies, not those still hidden. */}
              {t('comments.moreReplies', { count: thread.comment_reply })}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
