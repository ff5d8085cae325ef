import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_VERSION } from '../../lib/api';
import { paths } from '../../lib/routes';
import { useSession } from '../../lib/session';
import {
  ChatIcon,
  ChevronRightIcon,
  CoinIcon,
  CrownIcon,
  DocumentIcon,
  DownloadIcon,
  GlobeIcon,
  HistoryIcon,
  MegaphoneIcon,
  SettingsIcon,
  StarIcon,
  TaskIcon,
  TicketIcon,
  UserIcon,
} from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { displayNameOf } from '../account';
import { groupDisplayName } from './groupName';
import styles from './MePage.module.css';

interface Entry {
  to: string;
  icon: ReactNode;
  label: string;
  hint?: string;
  testId?: string;
}

interface MePageProps {
  /** The current interface language's name. */
  languageName?: string;
  /** True when the signed-in user is this device's automatic guest account. */
  isGuest?: boolean;
  /** Shown under the profile (the pending account deletion). */
  accountNotice?: ReactNode;
  /** Masks a phone number for display. */
  maskPhone?: (phone: string) => string;
  /** This device's guest user name (contract guestCredentials), to tell a generated name from a chosen one. */
  deviceGuestName?: string;
  /**
   * Counts shown as a badge on the entries, by the entry's route: unread requests and feedback on the list's,
   * downloads still running on the offline cache shortcut (issue 17).
   */
  badges?: Partial<Record<string, number>>;
  /** Unread replies to the user's comments: the review centre entry's badge. */
  commentUnread?: number;
  /** Under the stats: the follow counts of the signed-in user (the social feature's, composed in app/). */
  socialSlot?: ReactNode;
  /** The header's right slot (the scan entry, composed in app/). */
  headerRight?: ReactNode;
}

function dateOf(seconds: number, locale: string): string {
  return new Date(seconds * 1000).toLocaleDateString(locale);
}

/**
 * Me tab (spec §2 me/index): the user with VIP state and counts, the VIP banner (buy-center), the member centre's
 * entries (order-list, up-grade, redemption-code), shortcuts and settings.
 */
export default function MePage({
  languageName,
  isGuest = false,
  accountNotice,
  maskPhone = (p) => p,
  deviceGuestName = '',
  badges = {},
  commentUnread = 0,
  socialSlot,
  headerRight,
}: MePageProps) {
  const { t, i18n } = useTranslation();
  const user = useSession((s) => s.user);

  const shortcuts: Entry[] = [
    { to: paths.recordList, icon: <HistoryIcon />, label: t('me.history') },
    { to: paths.collectionList, icon: <StarIcon />, label: t('me.favorites') },
    { to: paths.download, icon: <DownloadIcon />, label: t('me.downloads'), testId: 'me-downloads' },
    { to: paths.taskList, icon: <TaskIcon />, label: t('me.tasks') },
  ];
  // Spec §2 me/index: the member centre's entries (buy-center is the VIP banner above).
  const vipList: Entry[] = [
    { to: paths.orderList, icon: <DocumentIcon />, label: t('me.orders'), testId: 'me-orders' },
    { to: paths.upGrade, icon: <CrownIcon />, label: t('me.upgrade'), testId: 'me-upgrade' },
    { to: paths.redemptionCode, icon: <TicketIcon />, label: t('me.redeem'), testId: 'me-redeem' },
  ];
  const list: Entry[] = [
    ...vipList,
    { to: paths.personalCenter, icon: <UserIcon />, label: t('me.account'), testId: 'me-account' },
    { to: paths.pointsCenter, icon: <CoinIcon />, label: t('me.points') },
    { to: paths.cashCenter, icon: <CoinIcon />, label: t('me.cash'), testId: 'me-cash' },
    { to: paths.seekMovie, icon: <TicketIcon />, label: t('me.requests'), testId: 'me-requests' },
    {
      to: paths.commentList,
      icon: <ChatIcon />,
      label: t('me.comments'),
      hint: commentUnread > 0 ? String(commentUnread) : undefined,
      testId: 'me-comments',
    },
    { to: paths.rewardMore, icon: <MegaphoneIcon />, label: t('me.invite'), testId: 'me-invite' },
    { to: paths.promotionCenter, icon: <MegaphoneIcon />, label: t('me.promotion'), testId: 'me-promotion' },
    { to: paths.feedBack, icon: <ChatIcon />, label: t('me.feedback'), testId: 'me-feedback' },
    { to: paths.settings, icon: <GlobeIcon />, label: t('me.language'), hint: languageName, testId: 'me-language' },
    { to: paths.settings, icon: <SettingsIcon />, label: t('me.settings'), testId: 'me-settings' },
  ];

  const vipUntil = user?.is_vip && user.user_end_time > 0 ? dateOf(user.user_end_time, i18n.language) : undefined;
  // The device's guest account (spec §4 Auto login) is shown as a guest with a short id, a guest that bound a phone
  // by its masked phone: never by a generated hex user name.
  const displayName = user ? displayNameOf(user, { isGuest, deviceGuestName, maskPhone, t }) : t('me.guest');
  const secondLine = user
    ? user.user_phone
      ? maskPhone(user.user_phone)
      : isGuest
        ? t('me.guestHint')
        : t('me.userName', { name: user.user_name })
    : t('me.guestDesc');

  return (
    <div className={styles.page}>
      <PageHeader back={false} title={t('me.title')} right={headerRight} />
      <div className={styles.profile} data-testid="me-profile" data-user-id={user?.user_id ?? 0}>
        <Link to={user ? paths.personalCenter : paths.login} className={styles.profileMain}>
          <span className={styles.avatar} aria-hidden="true">
            {user?.user_portrait ? <img src={user.user_portrait} alt="" /> : <UserIcon size={30} />}
          </span>
          <span className={styles.who}>
            <strong data-testid="me-name">{displayName}</strong>
            {secondLine !== displayName && (
              <small data-testid="me-second-line" className={isGuest && !user?.user_phone ? styles.wrap : undefined}>
                {secondLine}
              </small>
            )}
            {user && (
              <span className={styles.badges}>
                {isGuest ? (
                  <span className={styles.badgeMuted} data-testid="me-guest-badge">
                    {t('me.guestAccount')}
                  </span>
                ) : null}
                {(!isGuest || user.is_vip) && (
                  <span className={styles.badge} data-testid="me-group">
                    {groupDisplayName(user.group, t)}
                  </span>
                )}
              </span>
            )}
          </span>
        </Link>
        {(!user || isGuest) && (
          <Link to={paths.login} className={styles.login} data-testid="me-login">
            {t('me.login')}
          </Link>
        )}
      </div>

      {accountNotice}

      {user && (
        <div className={styles.stats}>
          <div className={styles.stat}>
            <strong data-testid="me-points">{user.user_points}</strong>
            <span>{t('me.pointsCount')}</span>
          </div>
          <div className={styles.stat}>
            <strong data-testid="me-vip-state">{user.is_vip ? t('me.vipActive') : t('me.vipNone')}</strong>
            <span>{t('me.vipState')}</span>
          </div>
          <div className={styles.stat}>
            <strong>{isGuest && !user.is_vip ? t('me.groupGuest') : groupDisplayName(user.group, t)}</strong>
            <span>{t('me.group')}</span>
          </div>
        </div>
      )}

      {user && socialSlot}

      <Link to={paths.buyCenter} className={styles.vip} data-testid="me-vip">
        <CrownIcon size={22} />
        <span>{vipUntil ? t('me.vipUntil', { date: vipUntil }) : t('me.vip')}</span>
        <ChevronRightIcon size={16} />
      </Link>

      <nav className={styles.shortcuts}>
        {shortcuts.map((e) => (
          <Link key={e.to} to={e.to} className={styles.shortcut} data-testid={e.testId}>
            <span className={styles.shortcutIcon}>
              {e.icon}
              {(badges[e.to] ?? 0) > 0 && (
                <span className={styles.shortcutBadge} data-testid={`${e.testId}-badge`}>
                  {badges[e.to]}
                </span>
              )}
            </span>
            <span>{e.label}</span>
          </Link>
        ))}
      </nav>

      <nav className={styles.list}>
        {list.map((e) => (
          <Link key={e.label} to={e.to} className={styles.item} data-testid={e.testId}>
            <span className={styles.itemIcon}>{e.icon}</span>
            <span className={styles.itemLabel}>{e.label}</span>
            {e.hint && <span className={styles.itemHint}>{e.hint}</span>}
            {(badges[e.to] ?? 0) > 0 && (
              <span className={styles.itemBadge} data-testid={`${e.testId}-badge`}>
                {badges[e.to]}
              </span>
            )}
            <ChevronRightIcon size={16} className={styles.chevron} />
          </Link>
        ))}
      </nav>

      <p className={styles.version}>{t('me.version', { version: APP_VERSION })}</p>
    </div>
  );
}
