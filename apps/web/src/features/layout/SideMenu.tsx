import { QuestionCircleOutlined } from '@ant-design/icons';
import { findPage, sidebarFor } from '@nlims/contracts';
import { Badge, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useModuleBadges } from '../../shared/registry';
import { useAccess } from '../auth/useAccess';
import { GROUP_ICONS } from './navIcons';

/** The help page, at the sidebar's foot for everyone. */
const HELP_PATH = '/help';

/** The sidebar: exactly the pages `sidebarFor` lets this user open, one submenu per group. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('app');
  const ctx = useAccess();
  const { pathname } = useLocation();
  const groups = useMemo(() => sidebarFor(ctx), [ctx]);
  // Work waiting, by page (SPEC §4 badge counts): each module counts its own pages'.
  const badges = useModuleBadges();
  const current = findPage(pathname);
  // Every group starts open: each page is one click away and every link is in the page.
  const [openKeys, setOpenKeys] = useState<string[]>(() => groups.map((g) => g.group));

  const items: MenuProps['items'] = [
    ...groups.map(({ group, pages }) => ({
      key: group,
      icon: GROUP_ICONS[group],
      label: t(`nav.group.${group}`),
      children: pages.map((page) => ({
        key: page.path,
        label: (
          // A long name gives way (ellipsis) to its badge, which stays in sight.
          <span style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
            <Link
              to={page.path}
              onClick={onNavigate}
              title={t(`nav.${page.key}`)}
              style={{ flex: '0 1 auto', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {t(`nav.${page.key}`)}
            </Link>
            {badges[page.path] ? (
              <Badge count={badges[page.path]} size="small" overflowCount={999} style={{ marginInlineStart: 8, boxShadow: 'none' }} />
            ) : null}
          </span>
        ),
      })),
    })),
    { type: 'divider' as const },
    {
      key: HELP_PATH,
      icon: <QuestionCircleOutlined />,
      label: (
        <Link to={HELP_PATH} onClick={onNavigate}>
          {t('layout.helpSupport')}
        </Link>
      ),
    },
  ];

  return <Menu theme="dark" mode="inline" items={items} selectedKeys={current ? [current.path] : []} openKeys={openKeys} onOpenChange={setOpenKeys} />;
}
