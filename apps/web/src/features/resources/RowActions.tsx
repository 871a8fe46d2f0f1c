import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../shared/notices';
import { useRemove, useSave } from './queries';
import type { ResourceConfig, Row } from './types';

export const nameOf = (config: ResourceConfig, row: Row) => config.nameOf?.(row) ?? String(row.name ?? row.reason ?? row.id);

/** Deactivate (after confirmation) or reactivate with `PATCH {is_active}`. */
export function ActiveToggle({ config, row }: { config: ResourceConfig; row: Row }) {
  const { t } = useTranslation('admin');
  const { message } = useNotices();
  const save = useSave(config.path);
  const active = row.is_active !== false;
  const toggle = () =>
    save.mutateAsync({ id: row.id, body: { is_active: !active } }).then(
      () => void message.success(t('form.saved')),
      () => undefined,
    );
  if (!active) {
    return (
      <Button size="small" loading={save.isPending} onClick={toggle}>
        {t('list.activate')}
      </Button>
    );
  }
  return (
    <Popconfirm
      title={t('list.confirmDeactivate', { name: nameOf(config, row) })}
      okText={t('list.deactivate')}
      okButtonProps={{ danger: true }}
      cancelText={t('form.cancel')}
      onConfirm={toggle}
    >
      <Button size="small" danger loading={save.isPending}>
        {t('list.deactivate')}
      </Button>
    </Popconfirm>
  );
}

/** Delete for good, after confirmation. */
function DeleteButton({ config, row }: { config: ResourceConfig; row: Row }) {
  const { t } = useTranslation('admin');
  const { message } = useNotices();
  const remove = useRemove(config.path);
  const run = () =>
    remove.mutateAsync(row.id).then(
      () => void message.success(t('list.deleted')),
      () => undefined,
    );
  return (
    <Popconfirm
      title={t('list.confirmDelete', { name: nameOf(config, row) })}
      okText={t('list.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('form.cancel')}
      onConfirm={run}
    >
      <Button size="small" danger icon={<DeleteOutlined />} loading={remove.isPending}>
        {t('list.delete')}
      </Button>
    </Popconfirm>
  );
}

/** Edit, deactivate / reactivate, and whatever else the resource offers for a row. */
export function RowActions({ config, row, onEdit }: { config: ResourceConfig; row: Row; onEdit: (row: Row) => void }) {
  const { t } = useTranslation('admin');
  const lock = config.rowLock?.(row);
  if (lock) return <div className="res-actions">{lock}</div>;
  return (
    <div className="res-actions">
      <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(row)}>
        {t('list.edit')}
      </Button>
      {config.activeToggle !== false && <ActiveToggle config={config} row={row} />}
      {config.deletable && <DeleteButton config={config} row={row} />}
      {config.rowActions?.(row)}
    </div>
  );
}
