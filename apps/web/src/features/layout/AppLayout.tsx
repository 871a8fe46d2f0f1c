import { Drawer, Layout, Spin } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { isRtl } from '../../i18n/languages';
import { SectionBoundary } from '../errors/SectionBoundary';
import { BrandMark } from '../public/Brand';
import { HeaderBar } from './HeaderBar';
import { SideMenu } from './SideMenu';
import { DESKTOP_UP, TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { useScrollableTables } from './useScrollableTables';
import './layout.css';

const SIDER_WIDTH = 248;
const SIDER_COLLAPSED = 80;

function Logo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('public');
  return (
    <div className="app-logo" title={t('app.fullName')}>
      <BrandMark size={32} />
      {!collapsed && <span>{t('app.name')}</span>}
    </div>
  );
}

/** Semi-dark layout: fixed collapsible dark sidebar (a drawer on phones), light header and content. */
export function AppLayout() {
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const tablet = useMediaQuery(TABLET_UP);
  const desktop = useMediaQuery(DESKTOP_UP);
  const [collapsedByUser, setCollapsed] = useState<boolean | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const collapsed = collapsedByUser ?? !desktop;
  const mobile = !tablet;
  const rtl = isRtl(i18n.language);
  useScrollableTables();

  return (
    <Layout className="app-shell">
      {!mobile && (
        <Layout.Sider className="app-sider" width={SIDER_WIDTH} collapsedWidth={SIDER_COLLAPSED} collapsed={collapsed} trigger={null} theme="dark">
          <Logo collapsed={collapsed} />
          <SideMenu />
        </Layout.Sider>
      )}
      {mobile && (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement={rtl ? 'right' : 'left'}
          size={SIDER_WIDTH}
          closable={false}
          className="app-drawer"
          styles={{ body: { padding: 0, background: '#0f1f2e' } }}
        >
          <Logo collapsed={false} />
          <SideMenu onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Layout className="app-main" style={{ marginInlineStart: mobile ? 0 : collapsed ? SIDER_COLLAPSED : SIDER_WIDTH }}>
        <HeaderBar mobile={mobile} collapsed={collapsed} onToggle={() => (mobile ? setDrawerOpen(true) : setCollapsed(!collapsed))} />
        <Layout.Content className="app-content">
          <SectionBoundary resetKey={pathname}>
            <Suspense fallback={<Spin className="app-content__loading" />}>
              <Outlet />
            </Suspense>
          </SectionBoundary>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
