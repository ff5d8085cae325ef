import { AD_SLOT } from '@openvod/contract';
import { TabBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AdSlot } from '../features/ads/AdSlot';
import { paths } from '../lib/routes';
import { CompassIcon, HomeIcon, ImageIcon, UserIcon } from '../ui/icons';
import { PageBoundary } from './PageBoundary';
import styles from './TabLayout.module.css';

const TABS = [
  { key: paths.home, title: 'tabs.home', icon: <HomeIcon /> },
  { key: paths.find, title: 'tabs.find', icon: <CompassIcon /> },
  { key: paths.wallpaper, title: 'tabs.wallpaper', icon: <ImageIcon /> },
  { key: paths.me, title: 'tabs.me', icon: <UserIcon /> },
] as const;

export function activeTab(pathname: string): string {
  return TABS.some((t) => t.key === pathname) ? pathname : paths.home;
}

/** Main layout (`/`, `/pages/layout/index`): the tab page plus the bottom TabBar. */
export function TabLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = activeTab(pathname);

  return (
    <div className={styles.layout}>
      <main className={styles.main}>
        <PageBoundary resetKey={pathname}>
          <Outlet />
        </PageBoundary>
      </main>
      <nav className={styles.tabbar} aria-label={t('app.name')}>
        {/* Issue 7 item 4: the banner slot, above the tabs of every main page (nothing unless switched on). */}
        <AdSlot slot={AD_SLOT.banner} dock />
        <TabBar
          activeKey={active}
          onChange={(key) => {
            if (key !== pathname) navigate(key, { replace: true });
          }}
          safeArea
        >
          {TABS.map((tab) => (
            <TabBar.Item
              key={tab.key}
              icon={tab.icon}
              title={<span data-testid={`tab-${tab.key.split('/')[2]}`}>{t(tab.title)}</span>}
            />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
