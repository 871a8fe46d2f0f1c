import { LockOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/useSession';
import type { Row } from '../resources/types';

/** Why a user's row has no actions: one's own account, or roles in programmes this administrator does not administer. */
export function UserLock({ row }: { row: Row }) {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  const own = user?.id === row.id;
  return (
    <Tag icon={<LockOutlined />} title={own ? t('users.ownAccountHint') : t('users.notYoursHint')}>
      {own ? t('users.ownAccount') : t('users.notYours')}
    </Tag>
  );
}
