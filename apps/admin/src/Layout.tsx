import { App as AntApp, Button, Drawer, Grid, Layout, Menu, type MenuProps, Space, Typography } from 'antd';
import { type CSSProperties, Suspense, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { call } from './api.ts';
import { useI18n } from './i18n.ts';
import { queryClient } from './queries.ts';
import { clearSession, useSession } from './session.ts';
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
  titles: 'M4 4h16a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zm6 4v8l6-4-6-4z',
  types: 'M3 4h8v7H3V4zm10 0h8v4h-8V4zM3 13h8v7H3v-7zm10-3h8v10h-8V10z',
  import: 'M11 3h2v9.17l3.59-3.58L18 10l-6 6-6-6 1.41-1.41L11 12.17V3zM4 18h16v2H4v-2z',
  menu: 'M3 6h18v2H3V6zm0 5h18v2H3v-2zm0 5h18v2H3v-2z',
};

export default function ConsoleLayout() {
  const { t, lang, setLang } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  const { message } = AntApp.useApp();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const wide = screens.lg !== false;

  const section = location.pathname.split('/')[1] || 'vods';
  const items: MenuProps['items'] = [
    { key: 'vods', icon: <Icon d={ICONS.titles} />, label: t('nav.titles') },
    { key: 'types', icon: <Icon d={ICONS.types} />, label: t('nav.categories') },
    { key: 'import', icon: <Icon d={ICONS.import} />, label: t('nav.import') },
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

  async function signOut() {
    try {
      await call('adminLogout');
    } catch {
      // the session ends locally either way
    }
    clearSession('signedOut');
    queryClient.clear();
    message.success(t('nav.signOut'));
  }

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
            <Button
              size="small"
              autoInsertSpace={false}
              onClick={() => setLang(lang === 'zh-cn' ? 'en-us' : 'zh-cn')}
              data-testid="lang-toggle"
            >
              {t('nav.language')}
            </Button>
            {wide && session && <Typography.Text type="secondary">{session.admin_name}</Typography.Text>}
            <Button size="small" onClick={signOut} data-testid="sign-out">
              {t('nav.signOut')}
            </Button>
          </Space>
        </Header>
        <Content style={{ padding: wide ? 24 : 12, minWidth: 0 }}>
          <Suspense fallback={<PageSpin />}>
            <Outlet />
          </Suspense>
        </Content>
      </Layout>
    </Layout>
  );
}
