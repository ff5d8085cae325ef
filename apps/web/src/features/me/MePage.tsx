import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_VERSION } from '../../lib/api';
import { paths } from '../../lib/routes';
import {
  ChatIcon,
  ChevronRightIcon,
  CoinIcon,
  CrownIcon,
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
import styles from './MePage.module.css';

interface Entry {
  to: string;
  icon: ReactNode;
  label: string;
  hint?: string;
}

/** Me tab: visitor card, shortcuts and settings. `languageName` is the current interface language's name. */
export default function MePage({ languageName }: { languageName?: string }) {
  const { t } = useTranslation();

  const shortcuts: Entry[] = [
    { to: paths.recordList, icon: <HistoryIcon />, label: t('me.history') },
    { to: paths.collectionList, icon: <StarIcon />, label: t('me.favorites') },
    { to: paths.download, icon: <DownloadIcon />, label: t('me.downloads') },
    { to: paths.taskList, icon: <TaskIcon />, label: t('me.tasks') },
  ];
  const list: Entry[] = [
    { to: paths.pointsCenter, icon: <CoinIcon />, label: t('me.points') },
    { to: paths.seekMovie, icon: <TicketIcon />, label: t('me.requests') },
    { to: paths.levelConfig, icon: <MegaphoneIcon />, label: t('me.promotion') },
    { to: paths.feedBack, icon: <ChatIcon />, label: t('me.feedback') },
    { to: paths.settings, icon: <GlobeIcon />, label: t('me.language'), hint: languageName },
    { to: paths.settings, icon: <SettingsIcon />, label: t('me.settings') },
  ];

  return (
    <div className={styles.page}>
      <PageHeader back={false} title={t('me.title')} />
      <Link to={paths.login} className={styles.profile}>
        <span className={styles.avatar} aria-hidden="true">
          <UserIcon size={30} />
        </span>
        <span className={styles.who}>
          <strong>{t('me.guest')}</strong>
          <small>{t('me.guestDesc')}</small>
        </span>
        <span className={styles.login}>{t('me.login')}</span>
      </Link>

      <Link to={paths.buyCenter} className={styles.vip}>
        <CrownIcon size={22} />
        <span>{t('me.vip')}</span>
        <ChevronRightIcon size={16} />
      </Link>

      <nav className={styles.shortcuts}>
        {shortcuts.map((e) => (
          <Link key={e.to} to={e.to} className={styles.shortcut}>
            <span className={styles.shortcutIcon}>{e.icon}</span>
            <span>{e.label}</span>
          </Link>
        ))}
      </nav>

      <nav className={styles.list}>
        {list.map((e) => (
          <Link
            key={e.label}
            to={e.to}
            className={styles.item}
            data-testid={e.to === paths.settings ? 'me-settings' : undefined}
          >
            <span className={styles.itemIcon}>{e.icon}</span>
            <span className={styles.itemLabel}>{e.label}</span>
            {e.hint && <span className={styles.itemHint}>{e.hint}</span>}
            <ChevronRightIcon size={16} className={styles.chevron} />
          </Link>
        ))}
      </nav>

      <p className={styles.version}>{t('me.version', { version: APP_VERSION })}</p>
    </div>
  );
}
