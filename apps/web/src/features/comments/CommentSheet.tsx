/**
 * "All comments" of a title as a bottom sheet: order tabs (hot, new), the threads page after page with one level of
 * replies, and the composer (replying to a comment when one was picked). Opened from the title page and, wired by
 * the app shell, from the small-video and playlet feeds (props: `vodId`, `open`, `onClose`).
 */
import type { CommentItem } from '@openvod/contract';
import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { overlayContainer } from '../../ui/feedback';
import { InfiniteFooter, nextPageLoader } from '../../ui/InfiniteFooter';
import { SheetHead } from '../../ui/SheetHead';
import { EmptyView, ErrorView, LoadingView } from '../../ui/StateViews';
import { Composer } from './Composer';
import styles from './comments.module.css';
import type { CommentOrder } from './commentsApi';
import { useCommentCount, useCommentThreads } from './queries';
import { Thread } from './Threads';

export interface CommentSheetProps {
  vodId: number;
  open: boolean;
  onClose: () => void;
  /** Open with the composer replying to this comment (the title page's "reply" on a comment it previews). */
  replyTo?: CommentItem;
}

export function CommentSheet({ vodId, open, onClose, replyTo }: CommentSheetProps) {
  const { t } = useTranslation();
  const count = useCommentCount(vodId);
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      getContainer={overlayContainer}
      bodyClassName={styles.sheetTall}
      destroyOnClose
    >
      <SheetHead
        title={t('comments.titleCount', { count: count.data ?? 0 })}
        onClose={onClose}
        closeTestId="comment-sheet-close"
      />
      <CommentBoard vodId={vodId} initialReplyTo={replyTo} />
    </Popup>
  );
}

/** The order tabs, the threads and the composer (the sheet's body), replying to `initialReplyTo` when given. */
export function CommentBoard({ vodId, initialReplyTo }: { vodId: number; initialReplyTo?: CommentItem }) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<CommentOrder>('hot');
  const [replyTo, setReplyTo] = useState<CommentItem | undefined>(initialReplyTo);
  const list = useCommentThreads(vodId, order);
  const threads = list.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className={styles.board} data-testid="comment-sheet">
      <div className={styles.tabs} role="tablist">
        {(['hot', 'new'] as const).map((o) => (
          <button
            key={o}
            type="button"
            role="tab"
            aria-selected={order === o}
            className={order === o ? styles.tabOn : styles.tab}
            onClick={() => setOrder(o)}
            data-testid={`comment-order-${o}`}
          >
            {t(`comments.${o}`)}
          </button>
        ))}
      </div>
      <div className={styles.scroll}>
        {list.isPending ? (
          <LoadingView />
        ) : list.isError ? (
          <ErrorView onRetry={() => void list.refetch()} />
        ) : threads.length === 0 ? (
          <EmptyView title={t('comments.empty')} />
        ) : (
          <>
            {threads.map((c) => (
              <Thread key={c.comment_id} thread={c} onReply={setReplyTo} />
            ))}
            <InfiniteFooter
              loadMore={nextPageLoader(list)}
              hasMore={Boolean(list.hasNextPage)}
              endText={t('comments.noMore')}
            />
          </>
        )}
      </div>
      <Composer
        vodId={vodId}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(undefined)}
        onSent={() => setReplyTo(undefined)}
      />
    </div>
  );
}
