import { PlusOutlined } from '@ant-design/icons';
import { ASSET_CATEGORIES, type AssetGenericItem, type AssetLocationItem } from '@nlims/contracts';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/page/LoadError';
import { useKinds, useLocations, useSaveKind, useSaveLocation } from './api';
import { showOnFields } from './serverErrors';

const Active = ({ active }: { active: boolean }) => {
  const { t } = useTranslation('assets');
  return active ? <Tag color="green">{t('settings.active')}</Tag> : <Tag>{t('settings.inactive')}</Tag>;
};

/** The kinds of equipment: category, and how often each is serviced and calibrated (a calibration's default validity). */
export function KindsPanel() {
  const { t } = useTranslation('assets');
  const kinds = useKinds();
  const [editing, setEditing] = useState<AssetGenericItem | 'new' | null>(null);
  const days = (n: number | null) => (n ? t('settings.everyDays', { count: n }) : '—');
  if (kinds.error && !kinds.data) return <LoadError title={t('list.error')} error={kinds.error} onRetry={() => void kinds.refetch()} />;
  return (
    <div data-testid="asset-kinds">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} className="asset-filters">
        {t('settings.addKind')}
      </Button>
      <Table<AssetGenericItem>
        size="small"
        rowKey="id"
        loading={kinds.isPending}
        dataSource={kinds.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        onRow={(k) => ({ onClick: () => setEditing(k), style: { cursor: 'pointer' } })}
        columns={[
          { key: 'name', title: t('field.name'), render: (_, k) => k.name },
          { key: 'category', title: t('settings.category'), render: (_, k) => t(`category.${k.category}`) },
          { key: 'maintenance', title: t('settings.maintenanceInterval'), render: (_, k) => days(k.maintenance_interval_days) },
          { key: 'calibration', title: t('settings.calibrationInterval'), render: (_, k) => days(k.calibration_interval_days) },
          { key: 'assets', title: t('settings.assets'), align: 'end', render: (_, k) => k.assets },
          { key: 'active', title: t('settings.status'), render: (_, k) => <Active active={k.is_active} /> },
        ]}
      />
      {editing && <KindDialog kind={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function KindDialog({ kind, onClose }: { kind: AssetGenericItem | null; onClose: () => void }) {
  const { t } = useTranslation('assets');
  const [form] = Form.useForm();
  const save = useSaveKind();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (v: Record<string, unknown>) => {
    setProblem(null);
    try {
      await save.mutateAsync({
        id: kind?.id,
        body: {
          name: String(v.name ?? '').trim(),
          category: v.category as AssetGenericItem['category'],
          maintenance_interval_days: (v.maintenance_interval_days as number | null) ?? null,
          calibration_interval_days: (v.calibration_interval_days as number | null) ?? null,
          is_active: v.is_active as boolean,
        },
      });
      onClose();
    } catch (error) {
      const rest = showOnFields(form, error, ['name', 'category', 'maintenance_interval_days', 'calibration_interval_days', 'is_active']);
      setProblem(rest.length ? rest.join('\n') : null);
    }
  };
  return (
    <Modal
      open
      title={kind ? t('settings.editKind') : t('settings.addKind')}
      okText={t('form.save')}
      cancelText={t('cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'asset-kind', loading: save.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id="asset-kind" form={form} layout="vertical" initialValues={kind ?? { category: 'analyser', is_active: true }} onFinish={submit}>
        <Form.Item name="name" label={t('field.name')} rules={[{ required: true, whitespace: true, message: t('form.required', { label: t('field.name') }) }]}>
          <Input maxLength={200} dir="auto" />
        </Form.Item>
        <Form.Item name="category" label={t('settings.category')} rules={[{ required: true }]}>
          <Select options={ASSET_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))} />
        </Form.Item>
        <Form.Item name="maintenance_interval_days" label={t('settings.maintenanceIntervalDays')}>
          <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="calibration_interval_days" label={t('settings.calibrationIntervalDays')} extra={t('settings.calibrationHint')}>
          <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="is_active" label={t('settings.inUse')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {problem && <Alert type="error" showIcon title={problem} className="asset-alert" />}
      </Form>
    </Modal>
  );
}

/** The facility's locations: rooms, stores and outreach sites where equipment stands or is checked out to. */
export function LocationsPanel() {
  const { t } = useTranslation('assets');
  const locations = useLocations();
  const [editing, setEditing] = useState<AssetLocationItem | 'new' | null>(null);
  if (locations.error && !locations.data) return <LoadError title={t('list.error')} error={locations.error} onRetry={() => void locations.refetch()} />;
  return (
    <div data-testid="asset-locations">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} className="asset-filters">
        {t('settings.addLocation')}
      </Button>
      <Table<AssetLocationItem>
        size="small"
        rowKey="id"
        loading={locations.isPending}
        dataSource={locations.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        onRow={(l) => ({ onClick: () => setEditing(l), style: { cursor: 'pointer' } })}
        columns={[
          { key: 'name', title: t('field.name'), render: (_, l) => l.name },
          { key: 'assets', title: t('settings.assets'), align: 'end', render: (_, l) => l.assets },
          { key: 'active', title: t('settings.status'), render: (_, l) => <Active active={l.is_active} /> },
        ]}
      />
      {editing && <LocationDialog location={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function LocationDialog({ location, onClose }: { location: AssetLocationItem | null; onClose: () => void }) {
  const { t } = useTranslation('assets');
  const [form] = Form.useForm();
  const save = useSaveLocation();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (v: Record<string, unknown>) => {
    setProblem(null);
    try {
      await save.mutateAsync({ id: location?.id, body: { name: String(v.name ?? '').trim(), is_active: v.is_active as boolean } });
      onClose();
    } catch (error) {
      const rest = showOnFields(form, error, ['name', 'is_active']);
      setProblem(rest.length ? rest.join('\n') : null);
    }
  };
  return (
    <Modal
      open
      title={location ? t('settings.editLocation') : t('settings.addLocation')}
      okText={t('form.save')}
      cancelText={t('cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'asset-location', loading: save.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id="asset-location" form={form} layout="vertical" initialValues={location ?? { is_active: true }} onFinish={submit}>
        <Form.Item name="name" label={t('field.name')} rules={[{ required: true, whitespace: true, message: t('form.required', { label: t('field.name') }) }]}>
          <Input maxLength={200} dir="auto" />
        </Form.Item>
        <Form.Item name="is_active" label={t('settings.inUse')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {problem && <Alert type="error" showIcon title={problem} className="asset-alert" />}
      </Form>
    </Modal>
  );
}
