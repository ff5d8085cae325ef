/**
 * My feedback (spec §2 me/feed-back-list; §7 gbookView type=feedback): the member's feedback with screenshots and
 * the operator's replies; replies not seen before carry a "New" mark (listing them clears the badge).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfiniteFooter } from '../../ui/InfiniteFooter';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import styles from './gbook.module.css';
import { GBOOK_PATHS } from './gbookPaths';
import { LoginFirst } from './LoginFirst';
import { useIsMember } from './memberGate';
import { useGbookList } from './queries';

export default function FeedBackListPage() {
  const { t, i18n } = useTranslation();
  const member = useIsMember();
  const q = useGbookList({ type: 'feedback' }, member);
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.feedBackList')} />
      {!member && <LoginFirst />}
      {member && q.isPending && <LoadingView />}
      {q.isError && !q.data && <ErrorView message={errorMessage(q.error)} onRetry={() => void q.refetch()} />}
      {q.isSuccess && rows.length === 0 && <EmptyView title={t('gbook.noFeedback')} />}
      {rows.length > 0 && (
        <ul className={styles.list} data-testid="feedback-list">
          {rows.map((f) => (
            <li key={f.gbook_id} className={styles.card} data-testid="feedback-item">
              <div className={styles.cardHead}>
                <span className={`${styles.meta} ${styles.cardLink}`}>
                  {new Date(f.gbook_time).toLocaleString(i18n.language)}
                </span>
                {f.unread && (
                  <span className={styles.newDot} data-testid="feedback-new">
                    {t('gbook.new')}
                  </span>
                )}
              </div>
              <p className={styles.content} data-testid="feedback-text">
                {f.gbook_content}
              </p>
              {f.pics.length > 0 && (
                <div className={styles.pics}>
                  {f.pics.map((p) => (
                    <a key={p} href={p} target="_blank" rel="noreferrer">
                      <img src={p} alt={t('gbook.screenshot')} data-testid="feedback-pic" />
                    </a>
                  ))}
                </div>
              )}
              {f.gbook_reply ? (
                <div className={styles.reply} data-testid="feedback-reply">
                  {t('gbook.replyLine', { text: f.gbook_reply })}
                </div>
              ) : (
                <span className={styles.meta}>{t('gbook.waitingReply')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {q.isSuccess && q.hasNextPage && <InfiniteFooter hasMore loadMore={async () => void (await q.fetchNextPage())} />}
      <div className={styles.bar}>
        <Link to={GBOOK_PATHS.feedback} className={styles.primary} data-testid="new-feedback">
          {t('gbook.newFeedback')}
        </Link>
      </div>
    </div>
  );
}
