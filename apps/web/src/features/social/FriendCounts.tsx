/**
 * The Me page's follow counts (spec §3 user state "attention count, fan count"; §4 "after a check ... friend counts
 * load"): my friendCount, each opening its list.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { socialPaths } from './paths';
import { useFriendCount } from './queries';
import styles from './social.module.css';

export function FriendCounts({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const q = useFriendCount(userId);
  return (
    <nav className={styles.meCounts} data-testid="me-friend-counts">
      <Link to={socialPaths.attentionList} className={styles.count} data-testid="me-attention">
        <strong data-testid="me-attent-count">{q.data?.attent ?? '–'}</strong>
        <span>{t('social.attention')}</span>
      </Link>
      <Link to={socialPaths.fanList} className={styles.count} data-testid="me-fans">
        <strong data-testid="me-fan-count">{q.data?.fan ?? '–'}</strong>
        <span>{t('social.fans')}</span>
      </Link>
    </nav>
  );
}
