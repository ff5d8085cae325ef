import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBack } from '../../lib/navigation';
import { BackIcon } from '../../ui/icons';
import styles from './FeedTopBar.module.css';

/**
 * Transparent bar over a full-screen feed: back button (history back, or `onBack`), title, optional right slot
 * (44 px targets).
 */
export function FeedTopBar({ title, right, onBack }: { title: ReactNode; right?: ReactNode; onBack?: () => void }) {
  const { t } = useTranslation();
  const historyBack = useBack();
  const goBack = onBack ?? historyBack;
  return (
    <header className={styles.bar}>
      <button
        type="button"
        className={styles.icon}
        onClick={() => goBack()}
        aria-label={t('common.back')}
        data-testid="feed-back"
      >
        <BackIcon size={22} />
      </button>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.right}>{right}</div>
    </header>
  );
}

/** Sound on/off toggle for the feeds. */
export function MuteButton({ muted, onToggle }: { muted: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.icon}
      onClick={onToggle}
      aria-label={muted ? t('media.unmute') : t('media.mute')}
      aria-pressed={muted}
      data-testid="feed-mute"
    >
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M4 9v6h4l5 4V5L8 9H4z" fill="currentColor" stroke="none" />
        {muted ? (
          <path d="M17 9l5 6M22 9l-5 6" strokeLinecap="round" />
        ) : (
          <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" strokeLinecap="round" />
        )}
      </svg>
    </button>
  );
}
