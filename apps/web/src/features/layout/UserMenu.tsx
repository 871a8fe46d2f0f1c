import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { truncate, TRUNCATE } from '@nlims/contracts';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignOut } from '../auth/useSignOut';
import { useSession } from '../auth/useSession';

export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('app');
  const { user } = useSession();
  const signOut = useSignOut();
  if (!user) return null;
  const name = truncate(user.username, TRUNCATE.username);
  const items: MenuProps['items'] = [
    ...(compact ? [{ key: 'name', label: name, disabled: true }, { type: 'divider' as const }] : []),
    { key: 'profile', icon: <UserOutlined />, label: <Link to="/profile">{t('layout.profile')}</Link> },
    { type: 'divider' },
    { key: 'signout', icon: <LogoutOutlined />, danger: true, label: t('layout.signOut'), onClick: () => void signOut() },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      {/* named by what it shows, then what it opens (a spoken command finds it by the words on screen) */}
      <button type="button" className="app-user" title={user.username}>
        <Avatar size={32} style={{ background: '#0b6e4f' }}>
          {user.username.charAt(0).toUpperCase()}
        </Avatar>
        {!compact && (
          <span className="app-user__name" dir="auto">
            {name}
          </span>
        )}
        <span className="sr-only"> {t('layout.userMenu')}</span>
      </button>
    </Dropdown>
  );
}
