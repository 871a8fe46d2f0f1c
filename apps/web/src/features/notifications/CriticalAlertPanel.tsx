import { AlertOutlined } from '@ant-design/icons';
import type { CriticalAlertItem } from '@nlims/contracts';
import { Alert, Button, Checkbox, Empty, Form, Input, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/format';
import { useAcknowledgeCritical, useCriticalAlerts } from './api';
import './notifications.css';

/** "Critical value: notified … at … (status) — acknowledged by … at …", in one line. */
function AlertLine({ alert }: { alert: CriticalAlertItem }) {
  const { t } = useTranslation('notifications');
  const status = alert.message_status ? t(`status.${alert.message_status}`) : '—';
  const notified = !alert.notified_to
    ? t('critical.noContact')
    : alert.notified_at
      ? t('critical.notified', { to: alert.notified_to, at: formatDateTime(alert.notified_at), status })
      : t('critical.pending', { to: alert.notified_to, status });
  const acknowledged = alert.acknowledged_at
    ? t('critical.acknowledged', { by: alert.acknowledged_by, at: formatDateTime(alert.acknowledged_at), recorder: alert.recorded_by ?? '' })
    : t('critical.notAcknowledged');
  return (
    <span>
      {/* The test, value and flag as one isolated run, so a right-to-left page does not split them. */}
      <strong>
        <bdi>
          {alert.test} {alert.value_hidden ? t('critical.valueHidden') : alert.value} ({alert.flag})
        </bdi>
      </strong>
      {' — '}
      {notified}
      {' — '}
      {acknowledged}
    </span>
  );
}

/** On a sample: its critical values, each with who was told and who acknowledged it, and the button to record an acknowledgement. */
export function CriticalAlertPanel({ sampleId }: { sampleId: number }) {
  const { t } = useTranslation('notifications');
  const alerts = useCriticalAlerts({ sample: sampleId });
  const [acknowledging, setAcknowledging] = useState<CriticalAlertItem | null>(null);
  if (!alerts.data?.length) return null;
  return (
    <div className="notifications-critical" data-testid="critical-alerts">
      {alerts.data.map((a) => (
        <Alert
          key={a.id}
          type={a.acknowledged_at ? 'info' : 'error'}
          showIcon
          icon={<AlertOutlined />}
          message={t('critical.title')}
          description={<AlertLine alert={a} />}
          action={
            !a.acknowledged_at && (
              <Button size="small" danger onClick={() => setAcknowledging(a)} data-testid={`critical-ack-${a.id}`}>
                {t('critical.acknowledge')}
              </Button>
            )
          }
        />
      ))}
      <AcknowledgeDialog alert={acknowledging} onClose={() => setAcknowledging(null)} />
    </div>
  );
}

function AcknowledgeDialog({ alert, onClose }: { alert: CriticalAlertItem | null; onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const acknowledge = useAcknowledgeCritical();
  const [form] = Form.useForm<{ acknowledged_by: string; read_back: boolean }>();
  const submit = async () => {
    const values = await form.validateFields();
    await acknowledge.mutateAsync({ id: alert!.id, body: { acknowledged_by: values.acknowledged_by, read_back: true } });
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={alert != null}
      title={t('critical.acknowledge')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('critical.record')}
      cancelText={t('cancel')}
      confirmLoading={acknowledge.isPending}
      destroyOnHidden
    >
      {alert && <AlertLine alert={alert} />}
      <Form form={form} layout="vertical" className="notifications-ack-form">
        <Form.Item name="acknowledged_by" label={t('critical.by')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
          <Input maxLength={150} data-testid="critical-ack-by" />
        </Form.Item>
        <Form.Item
          name="read_back"
          valuePropName="checked"
          rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('critical.readBackRequired')))) }]}
        >
          <Checkbox data-testid="critical-ack-read-back">{t('critical.readBack')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The facility's critical values, those not yet acknowledged first (the administrator's page). */
export function CriticalAlertTable() {
  const { t } = useTranslation('notifications');
  const alerts = useCriticalAlerts({});
  const rows = [...(alerts.data ?? [])].sort((a, b) => Number(a.acknowledged_at != null) - Number(b.acknowledged_at != null));
  return (
    <Table
      rowKey="id"
      size="small"
      scroll={{ x: true }}
      loading={alerts.isFetching}
      dataSource={rows}
      pagination={false}
      columns={[
        { title: t('column.created'), key: 'created', render: (_: unknown, a: CriticalAlertItem) => formatDateTime(a.created_at) },
        { title: t('column.labNumber'), key: 'lab', render: (_: unknown, a: CriticalAlertItem) => <bdi>{a.lab_number}</bdi> },
        { title: t('column.critical'), key: 'line', render: (_: unknown, a: CriticalAlertItem) => <AlertLine alert={a} /> },
        {
          title: t('column.status'),
          key: 'state',
          render: (_: unknown, a: CriticalAlertItem) =>
            a.acknowledged_at ? <Tag color="green">{t('critical.done')}</Tag> : <Tag color="red">{t('critical.open')}</Tag>,
        },
      ]}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('critical.none')} /> }}
      data-testid="critical-alert-table"
    />
  );
}
