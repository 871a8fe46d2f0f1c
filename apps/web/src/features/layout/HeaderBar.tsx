import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { truncate, TRUNCATE } from '@nlims/contracts';
import { Button, Layout, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/useSession';
import { LanguageSelect } from '../language/LanguageSelect';
import { Slot } from '../../shared/registry';
import { HEADER_STATUS } from './slots';
import { ProgramSwitcher } from './ProgramSwitcher';
import { placeName, roleText } from '../auth/roleText';
import { UserMenu } from './UserMenu';

interface Props {
  mobile: boolean;
  collapsed: boolean;
  onToggle: () => void;
}

export function HeaderBar({ mobile, collapsed, onToggle }: Props) {
  const { t } = useTranslation('app');
  const { user, program } = useSession();
  if (!user) return null;
  const place = placeName(t, user) || t('layout.allFacilities');
  const role = roleText(t, user, program);
  const toggleLabel = mobile ? t('layout.openMenu') : collapsed ? t('layout.expand') : t('layout.collapse');
  const toggleIcon = mobile ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />;

  return (
    <Layout.Header className="app-header">
      <div className="app-header__row">
        <Button type="text" className="app-header__toggle" icon={toggleIcon} aria-label={toggleLabel} onClick={onToggle} />
        <span className="app-header__place" title={place} dir="auto">
          {truncate(place, TRUNCATE.facility)}
        </span>
        {!mobile && <ProgramSwitcher />}
        <div className="app-header__end">
          {!mobile && role && <Tag color="green">{role}</Tag>}
          <Slot slot={HEADER_STATUS} />
          <LanguageSelect />
          <UserMenu compact={mobile} />
        </div>
      </div>
      {mobile && (
        <div className="app-header__sub">
          <ProgramSwitcher />
          {role && <Tag color="green">{role}</Tag>}
        </div>
      )}
    </Layout.Header>
  );
}
