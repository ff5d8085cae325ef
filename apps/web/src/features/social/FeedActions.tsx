/**
 * The right-side column of the small-video and playlet feeds (as TikTok / ReelShort viewers expect): like with its
 * count (digg), comments (shown only when the app composes a comment sheet: `renderComments`), and share (share-to
 * with the feed item's page). Each button is at least 48x48 px. The column sits at the slide's right edge,
 * `bottom: 120px` by default (above a feed's caption); a feed places it otherwise with `className`.
 */
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChatIcon, ShareIcon } from '../../ui/icons';
import { LikeButton } from './LikeButton';
import { shareToPath } from './paths';
import styles from './social.module.css';

export interface FeedActionsProps {
  vodId: number;
  title: string;
  /** The app page the share leads to (the feed item's). */
  sharePath: string;
  /** The comment sheet of title `vodId` (app/ composes it); left out, no comment button. */
  renderComments?: (vodId: number, onClose: () => void) => ReactNode;
  /** Extra class of the column (its place on the feed's slide). */
  className?: string;
}

export function FeedActions({ vodId, title, sharePath, renderComments, className }: FeedActionsProps) {
  const { t } = useTranslation();
  const [comments, setComments] = useState(false);
  return (
    <div className={className ? `${styles.rail} ${className}` : styles.rail} data-testid="feed-actions">
      <LikeButton vodId={vodId} variant="rail" />
      {renderComments && (
        <button
          type="button"
          className={styles.railButton}
          onClick={() => setComments(true)}
          aria-label={t('social.comments')}
          data-testid="feed-comments"
        >
          <ChatIcon size={30} />
          <span>{t('social.comments')}</span>
        </button>
      )}
      <Link
        to={shareToPath(sharePath, title)}
        className={styles.railButton}
        aria-label={t('share.button')}
        data-testid="feed-share"
      >
        <ShareIcon size={30} />
        <span>{t('share.button')}</span>
      </Link>
      {comments && renderComments?.(vodId, () => setComments(false))}
    </div>
  );
}
