import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { CrownIcon } from '../../ui/icons';
import { useDisplayName } from '../account';
import { groupDisplayName } from '../me';
import styles from './vip.module.css';

/**
 * The signed-in user's membership (spec §4 "VIP: group_id above 2. Ad-free while user_noad_time is in the future"):
 * group and end date, or when it ended, and the ad-free date. Reads the stored user, which a purchase refreshes.
 */
export function MemberCard() {
  const { t, i18n } = useTranslation();
  const user = useSession((s) => s.user);
  const displayName = useDisplayName();
  if (!user) return null;
  const date = (seconds: number) => new Date(seconds * 1000).toLocaleDateString(i18n.language);
  const now = Date.now() / 1000;
  const group = groupDisplayName(user.group, t);
  let line: string;
  if (user.is_vip)
    line = user.user_end_time > 0 ? `${group} · ${t('vip.until', { date: date(user.user_end_time) })}` : group;
  else if (user.user_end_time > 0) line = t('vip.memberExpired', { date: date(user.user_end_time) });
  else line = t('vip.memberNone');
  return (
    <div className={styles.card} data-testid="vip-member" data-vip={user.is_vip ? '1' : '0'}>
      <CrownIcon size={30} />
      <div className={styles.cardText}>
        <strong data-testid="vip-member-state">{line}</strong>
        <small>{displayName}</small>
        {user.user_noad_time > now && (
          <small data-testid="vip-noad">{t('vip.noAdUntil', { date: date(user.user_noad_time) })}</small>
        )}
      </div>
    </div>
  );
}
