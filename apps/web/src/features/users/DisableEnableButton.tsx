import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../shared/notices';
import { useSession } from '../auth/useSession';
import { useAction } from '../resources/queries';
import type { Row } from '../resources/types';
import { disableEnable } from './api';

/** Disable a user after confirmation (they are signed out everywhere), or enable them again. Not offered on one's own account. */
export function DisableEnableButton({ row }: { row: Row }) {
  const { t } = useTranslation('admin');
  const { message } = useNotices();
  const { user } = useSession();
  const toggle = useAction('users', (id: number) => disableEnable(id));
  if (user?.id === row.id) return null;
  const run = () =>
    toggle.mutateAsync(row.id).then(
      () => void message.success(t('form.saved')),
      () => undefined,
    );
  if (row.is_active === false) {
    return (
      <Button size="small" loading={toggle.isPending} onClick={run}>
        {t('users.enable')}
      </Button>
    );
  }
  return (
    <Popconfirm
      title={t('users.confirmDisable', { name: row.username })}
      description={t('users.disableHint')}
      okText={t('users.disable')}
      okButtonProps={{ danger: true }}
      cancelText={t('form.cancel')}
      onConfirm={run}
    >
      <Button size="small" danger loading={toggle.isPending}>
        {t('users.disable')}
      </Button>
    </Popconfirm>
  );
}
