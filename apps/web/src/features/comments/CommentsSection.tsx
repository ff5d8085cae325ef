/**
 * The title page's comments (after the synopsis): the count, the hottest and the newest few comments, "all comments"
 * opening {@link CommentSheet} (full list, replies, composer) and a "write a comment" bar that opens it too. A
 * previewed comment offers "reply" (the sheet opens replying to it) and, when it has replies, "N replies" (the sheet
 * shows them under it), as Bilibili's video page does. Hidden while the operator has comments off (app config
 * `comment_status` 0).
 */
import type { CommentItem, CommentThread } from '@openvod/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../lib/appConfig';
import { ChevronRightIcon } from '../../ui/icons';
import { CommentItemView } from './CommentItemView';
import { CommentSheet } from './CommentSheet';
import styles from './comments.module.css';
import { useCommentCount, useCommentPreview } from './queries';
import { useWriteGate } from './writeGate';

const PREVIEW = 3;

export function CommentsSection({ vodId }: { vodId: number }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const [open, setOpen] = useState(false);
  const [replyTo, setReplyTo] = useState<CommentItem | undefined>();
  const openSheet = (to?: CommentItem) => {
    setReplyTo(to);
    setOpen(true);
  };
  const gate = useWriteGate();
  const count = useCommentCount(vodId);
  const hot = useCommentPreview(vodId, 'hot', PREVIEW);
  const latest = useCommentPreview(vodId, 'new', PREVIEW);
  if (config.comment_status === 0) return null;
  const hotList = (hot.data?.list ?? []).filter((c) => c.comment_up > 0);
  const hotIds = new Set(hotList.map((c) => c.comment_id));
  const newList = (latest.data?.list ?? []).filter((c) => !hotIds.has(c.comment_id));
  const group = (title: string, list: CommentThread[], testId: string) =>
    list.length > 0 && (
      <div className={styles.group} data-testid={testId}>
        <h3 className={styles.groupTitle}>{title}</h3>
        {list.map((c) => (
          <div key={c.comment_id}>
            <CommentItemView comment={c} onReply={openSheet} />
            {c.comment_reply > 0 && (
              <button
                type="button"
                className={`${styles.link} ${styles.previewReplies}`}
                onClick={() => openSheet()}
                data-testid="comments-reply-count"
              >
                {t('comments.replyCount', { count: c.comment_reply })}
                <ChevronRightIcon size={12} />
              </button>
            )}
          </div>
        ))}
      </div>
    );
  return (
    <section className={styles.section} data-testid="comments-section">
      <button type="button" className={styles.sectionHead} onClick={() => openSheet()} data-testid="comments-all">
        <h2 className={styles.sectionTitle}>
          {t('comments.title')}{' '}
          <span className={styles.count} data-testid="comments-count">
            {count.data ?? 0}
          </span>
        </h2>
        <span className={styles.allLink}>
          {t('comments.all')} <ChevronRightIcon size={14} />
        </span>
      </button>
      {group(t('comments.hottest'), hotList, 'comments-hot')}
      {group(t('comments.newest'), newList, 'comments-new')}
      {hotList.length === 0 && newList.length === 0 && <p className={styles.none}>{t('comments.first')}</p>}
      <button
        type="button"
        className={styles.writeBar}
        onClick={() => !gate() && openSheet()}
        data-testid="comments-write"
      >
        {t('comments.placeholder')}
      </button>
      <CommentSheet vodId={vodId} open={open} onClose={() => setOpen(false)} replyTo={replyTo} />
    </section>
  );
}
