import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBack } from '../lib/navigation';
import styles from './FeedTopBar.module.css';
import { BackIcon, SoundIcon } from './icons';

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
      <SoundIcon size={22} muted={muted} />
    </button>
  );
}
