import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Drawer, Grid, Layout, Menu, type MenuProps, Space, Typography } from 'antd';
import { type CSSProperties, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { call } from './api.ts';
import { useI18n } from './i18n.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { clearSession, getSession, setSession, useSession } from './session.ts';
import { PageSpin } from './ui.tsx';

const { Header, Sider, Content } = Layout;

/** A 16 px glyph; antd's Menu passes its icon class and style through. */
function Icon({ d, className, style }: { d: string; className?: string; style?: CSSProperties }) {
  return (
    <span className={`anticon ${className ?? ''}`} style={style}>
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">
        <path d={d} />
      </svg>
    </span>
  );
}
const ICONS = {
  danmaku:
    'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 3v-3a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm2 4v2h8V8H6zm0 4v2h12v-2H6z',
  comments:
    'M12 3c5 0 9 3.4 9 7.5S17 18 12 18c-.9 0-1.8-.1-2.6-.3L4 21l1.3-4.4C3.9 15.2 3 13 3 10.5 3 6.4 7 3 12 3zM8 9.5a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5zm4 0a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5zm4 0a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5z',
  sliders: 'M3 6h10v2H3V6zm14 0h4v2h-4V6zm-3-2h2v6h-2V4zM3 16h4v2H3v-2zm8 0h10v2H11v-2zm-3-2h2v6H8v-6z',
  reports: 'M5 2h2v1h12l-2 5 2 5H7v9H5V2zm2 3v6h9l-1.2-3L16 5H7z',
  titles: 'M4 4h16a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zm6 4v8l6-4-6-4z',
  types: 'M3 4h8v7H3V4zm10 0h8v4h-8V4zM3 13h8v7H3v-7zm10-3h8v10h-8V10z',
  topics: 'M4 3h12l4 4v14H4V3zm2 2v14h12V8h-3V5H6zm2 5h8v2H8v-2zm0 4h8v2H8v-2z',
  home: 'M12 3l9 8h-3v9h-5v-6h-2v6H6v-9H3l9-8z',
  covers:
    'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm0 2v10l4-4 3 3 4-5 3 4V5H5zm3.5 1.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4z',
  live: 'M3 7h18v12H3V7zm2 2v8h14V9H5zm3-7l4 4 4-4 1.4 1.4L14.8 6H9.2L6.6 3.4 8 2z',
  catalogue:
    'M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm8.6 5.4l1.9 1.5-2 3.4-2.3-.9a7.7 7.7 0 0 1-1.8 1l-.4 2.6h-4l-.4-2.6a7.7 7.7 0 0 1-1.8-1l-2.3.9-2-3.4 1.9-1.5a7.8 7.8 0 0 1 0-2.8L1.5 9.1l2-3.4 2.3.9a7.7 7.7 0 0 1 1.8-1L8 3h4l.4 2.6a7.7 7.7 0 0 1 1.8 1l2.3-.9 2 3.4-1.9 1.5a7.8 7.8 0 0 1 0 2.8z',
  import: 'M11 3h2v9.17l3.59-3.58L18 10l-6 6-6-6 1.41-1.41L11 12.17V3zM4 18h16v2H4v-2z',
  menu: 'M3 6h18v2H3V6zm0 5h18v2H3v-2zm0 5h18v2H3v-2z',
  users:
    'M9 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8zm0 2c3.3 0 7 1.6 7 4v3H2v-3c0-2.4 3.7-4 7-4zm7.5-2.2a3.5 3.5 0 0 0 0-5.6A3.5 3.5 0 0 1 16.5 11zM18 13.2c2.2.5 4 1.6 4 3.3V20h-4v-3c0-1.5-.7-2.8-1.9-3.8h1.9z',
  groups:
    'M12 2l8 3.5v5.6c0 5-3.4 9.6-8 10.9-4.6-1.3-8-5.9-8-10.9V5.5L12 2zm-1 13.2l5.6-5.6-1.4-1.4-4.2 4.2-2-2-1.4 1.4 3.4 3.4z',
  appConfig:
    'M7 1h10a2 2 0 0 1 2 2v18a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V3a2 2 0 0 1 2-2zm0 4v14h10V5H7zm3 14.5h4v1h-4v-1zM9 7h6v2H9V7zm0 4h6v2H9v-2z',
  appVersion: 'M12 2l5 5h-3v6h-4V7H7l5-5zM5 15h2v4h10v-4h2v6H5v-6z',
  plans: 'M12 2l2.9 6.3L22 9.2l-5.2 4.7 1.4 7.1L12 17.5 5.8 21l1.4-7.1L2 9.2l7.1-.9L12 2z',
  orders: 'M6 2h12a2 2 0 0 1 2 2v18l-3-2-2 2-3-2-3 2-2-2-3 2V4a2 2 0 0 1 2-2zm2 5v2h8V7H8zm0 4v2h8v-2H8z',
  codes: 'M3 6h18v4a2 2 0 0 0 0 4v4H3v-4a2 2 0 0 0 0-4V6zm6 2v8h2V8H9zm4 0v8h2V8h-2z',
  revenue: 'M4 20h16v2H4v-2zm1-8h3v7H5v-7zm5-5h3v12h-3V7zm5 3h3v9h-3v-9z',
  jobs: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm1 3v4.6l3.2 3.2-1.4 1.4L11 12.4V7h2z',
  ads: 'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2v10h16V7H4zm3 2h2.2l2.3 6H9.4l-.4-1.2H7L6.6 15H4.5L7 9zm.6 3.2h.8L8 11l-.4 1.2zM13 9h2.5a3 3 0 0 1 0 6H13V9zm2 1.8v2.4h.5a1.2 1.2 0 0 0 0-2.4H15z',
};

export default function ConsoleLayout() {
  const { t } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  const { message } = AntApp.useApp();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const wide = screens.lg !== false;
  // The operator's time zone, for console times (ui.tsx formatTime): asked once per session, so sessions stored
  // before it was sent (or a server whose TZ changed) show times in it too.
  // adminMe also says whether the test payment channel is on: a warning banner on every page while it is.
  const token = session?.token;
  const [fakePay, setFakePay] = useState(false);
  useEffect(() => {
    if (!token) return;
    call('adminMe')
      .then((r) => {
        setFakePay(r.fake_pay);
        const cur = getSession();
        if (cur && cur.token === token && cur.time_zone !== r.time_zone) setSession({ ...cur, time_zone: r.time_zone });
      })
      .catch(() => undefined);
  }, [token]);

  const section = location.pathname.split('/')[1] || 'vods';
  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'g-content',
      label: t('nav.group.content'),
      children: [
        { key: 'vods', icon: <Icon d={ICONS.titles} />, label: t('nav.titles') },
        { key: 'types', icon: <Icon d={ICONS.types} />, label: t('nav.categories') },
        { key: 'import', icon: <Icon d={ICONS.import} />, label: t('nav.import') },
        { key: 'players', icon: <Icon d={ICONS.live} />, label: t('nav.players') },
      ],
    },
    {
      type: 'group',
      key: 'g-showcase',
      label: t('nav.group.showcase'),
      children: [
        { key: 'home', icon: <Icon d={ICONS.home} />, label: t('nav.home') },
        { key: 'topics', icon: <Icon d={ICONS.topics} />, label: t('nav.topics') },
        { key: 'day-covers', icon: <Icon d={ICONS.covers} />, label: t('nav.dayCovers') },
        { key: 'live', icon: <Icon d={ICONS.live} />, label: t('nav.live') },
        { key: 'catalogue', icon: <Icon d={ICONS.catalogue} />, label: t('nav.catalogue') },
      ],
    },
    {
      type: 'group',
      key: 'g-users',
      label: t('nav.group.users'),
      children: [
        { key: 'users', icon: <Icon d={ICONS.users} />, label: t('nav.users') },
        { key: 'danmaku', icon: <Icon d={ICONS.danmaku} />, label: t('nav.danmaku') },
        { key: 'requests', icon: <Icon d={ICONS.topics} />, label: t('nav.requests') },
        { key: 'feedback', icon: <Icon d={ICONS.danmaku} />, label: t('nav.feedback') },
        { key: 'comments', icon: <Icon d={ICONS.comments} />, label: t('nav.comments') },
        { key: 'comment-reports', icon: <Icon d={ICONS.reports} />, label: t('nav.commentReports') },
        { key: 'community-settings', icon: <Icon d={ICONS.sliders} />, label: t('nav.communitySettings') },
        { key: 'groups', icon: <Icon d={ICONS.groups} />, label: t('nav.groups') },
      ],
    },
    {
      type: 'group',
      key: 'g-billing',
      label: t('nav.group.billing'),
      children: [
        { key: 'plans', icon: <Icon d={ICONS.plans} />, label: t('nav.plans') },
        { key: 'orders', icon: <Icon d={ICONS.orders} />, label: t('nav.orders') },
        { key: 'withdrawals', icon: <Icon d={ICONS.orders} />, label: t('nav.withdrawals') },
        { key: 'code-batches', icon: <Icon d={ICONS.codes} />, label: t('nav.codeBatches') },
        { key: 'revenue', icon: <Icon d={ICONS.revenue} />, label: t('nav.revenue') },
        { key: 'point-tasks', icon: <Icon d={ICONS.codes} />, label: t('nav.pointTasks') },
        { key: 'points-report', icon: <Icon d={ICONS.revenue} />, label: t('nav.pointsReport') },
        { key: 'downloads', icon: <Icon d={ICONS.import} />, label: t('nav.downloads') },
        { key: 'rewards', icon: <Icon d={ICONS.ads} />, label: t('nav.rewards') },
      ],
    },
    {
      type: 'group',
      key: 'g-promotion',
      label: t('nav.group.promotion'),
      children: [
        { key: 'promotion-settings', icon: <Icon d={ICONS.appConfig} />, label: t('nav.promotionSettings') },
        { key: 'promoters', icon: <Icon d={ICONS.users} />, label: t('nav.promoters') },
        { key: 'promotion-report', icon: <Icon d={ICONS.revenue} />, label: t('nav.promotionReport') },
      ],
    },
    {
      type: 'group',
      key: 'g-app',
      label: t('nav.group.app'),
      children: [
        { key: 'app-config', icon: <Icon d={ICONS.appConfig} />, label: t('nav.appConfig') },
        { key: 'app-version', icon: <Icon d={ICONS.appVersion} />, label: t('nav.appVersion') },
        { key: 'ads', icon: <Icon d={ICONS.ads} />, label: t('nav.ads') },
        { key: 'poster', icon: <Icon d={ICONS.covers} />, label: t('nav.poster') },
        { key: 'map-settings', icon: <Icon d={ICONS.live} />, label: t('nav.mapSettings') },
      ],
    },
    {
      type: 'group',
      key: 'g-system',
      label: t('nav.group.system'),
      children: [{ key: 'jobs', icon: <Icon d={ICONS.jobs} />, label: t('nav.jobs') }],
    },
  ];
  const menu = (
    <Menu
      theme="dark"
      mode="inline"
      selectedKeys={[section]}
      items={items}
      onClick={({ key }) => {
        setDrawerOpen(false);
        navigate(`/${key}`);
      }}
    />
  );

  const queryClient = useQueryClient();
  // The session ends locally whether or not the server heard of it.
  const signOut = useMutation({
    mutationFn: () => call('adminLogout'),
    onSettled: () => {
      clearSession('signedOut');
      queryClient.clear();
      message.success(t('nav.signOut'));
    },
  });

  const brand = (
    <div
      style={{
        height: 56,
        display: 'flex',
        alignItems: 'center',
        padding: '0 20px',
        color: '#fff',
        fontWeight: 600,
        fontSize: 16,
        letterSpacing: 0.3,
        whiteSpace: 'nowrap',
      }}
    >
      {t('app.title')}
    </div>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {wide ? (
        <Sider width={208} style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}>
          {brand}
          {menu}
        </Sider>
      ) : (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={240}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          {brand}
          {menu}
        </Drawer>
      )}
      <Layout>
        <Header
          style={{
            background: '#fff',
            padding: wide ? '0 24px' : '0 12px',
            height: 56,
            lineHeight: '56px',
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            borderBottom: '1px solid rgba(5,5,5,0.06)',
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          {!wide && (
            <Button type="text" aria-label="menu" icon={<Icon d={ICONS.menu} />} onClick={() => setDrawerOpen(true)} />
          )}
          {!wide && <Typography.Text strong>{t('app.short')}</Typography.Text>}
          <div style={{ flex: 1 }} />
          <Space size={wide ? 'middle' : 'small'}>
            <LanguagePicker testId="lang-toggle" />
            {wide && session && <Typography.Text type="secondary">{session.admin_name}</Typography.Text>}
            <Button size="small" onClick={() => signOut.mutate()} loading={signOut.isPending} data-testid="sign-out">
              {t('nav.signOut')}
            </Button>
          </Space>
        </Header>
        <Content style={{ padding: wide ? 24 : 12, minWidth: 0 }}>
          {fakePay && (
            <Alert
              type="warning"
              showIcon
              title={t('nav.fakePayBanner')}
              style={{ marginBottom: wide ? 16 : 12 }}
              data-testid="fake-pay-banner"
            />
          )}
          <Suspense fallback={<PageSpin />}>
            <Outlet />
          </Suspense>
        </Content>
      </Layout>
    </Layout>
  );
}
