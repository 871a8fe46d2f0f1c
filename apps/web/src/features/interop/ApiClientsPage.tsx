import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { API_SCOPES, type ApiClientItem, type ApiScope, type ApiClientWithSecret, administeredPrograms } from '@nlims/contracts';
import { Alert, Button, Checkbox, Empty, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorLines } from '../../api/errors';
import { useSession } from '../auth/useSession';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { formatDateTime } from '../../shared/format/format';
import type { PageProps } from '../../shared/page/pageProps';
import { useApiClientAction, useApiClients, useCreateApiClient } from './api';
import './interop.css';

/**
 * The facility's API clients (`/interoperability/api-clients`, its administrator): the systems (an EMR) that post
 * orders and read results over FHIR. A new client's secret — and a rotated one — is shown once, in a dialog.
 */
export default function ApiClientsPage({ page }: PageProps) {
  const { t } = useTranslation('interop');
  const list = useApiClients();
  const action = useApiClientAction();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<ApiClientWithSecret | null>(null);
  const extra = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="api-client-new">
      {t('clients.new')}
    </Button>
  );
  const columns = [
    {
      title: t('clients.name'),
      key: 'name',
      width: 220,
      render: (_: unknown, c: ApiClientItem) => (
        <Space direction="vertical" size={0}>
          <strong dir="auto">{c.name}</strong>
          <Typography.Text type="secondary" className="interop-mono">
            <bdi>{c.client_id}</bdi>
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('clients.scopes'),
      key: 'scopes',
      render: (_: unknown, c: ApiClientItem) => c.scopes.map((s) => <Tag key={s}>{t(`scope.${s}`)}</Tag>),
    },
    { title: t('clients.programs'), key: 'programs', render: (_: unknown, c: ApiClientItem) => c.programs.join(', ') },
    {
      title: t('clients.lastUsed'),
      key: 'last',
      render: (_: unknown, c: ApiClientItem) => (c.last_used_at ? formatDateTime(c.last_used_at) : t('clients.never')),
    },
    {
      title: t('clients.status'),
      key: 'status',
      render: (_: unknown, c: ApiClientItem) => (c.is_active ? <Tag color="green">{t('clients.active')}</Tag> : <Tag color="red">{t('clients.revoked')}</Tag>),
    },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, c: ApiClientItem) =>
        c.is_active && (
          <Space wrap>
            <Popconfirm
              title={t('clients.rotateConfirm')}
              okText={t('clients.rotate')}
              cancelText={t('cancel')}
              onConfirm={async () => setSecret((await action.mutateAsync({ id: c.id, action: 'rotate' })) as ApiClientWithSecret)}
            >
              <Button size="small" icon={<KeyOutlined />} data-testid={`api-client-rotate-${c.id}`}>
                {t('clients.rotate')}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={t('clients.revokeConfirm', { name: c.name })}
              okText={t('clients.revoke')}
              okButtonProps={{ danger: true }}
              cancelText={t('cancel')}
              onConfirm={() => action.mutateAsync({ id: c.id, action: 'revoke' })}
            >
              <Button size="small" danger data-testid={`api-client-revoke-${c.id}`}>
                {t('clients.revoke')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];
  return (
    <ClinicalPage page={page} extra={extra} className="interop-page">
      <Typography.Paragraph type="secondary">{t('clients.intro')}</Typography.Paragraph>
      <Table
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        loading={list.isFetching}
        dataSource={list.data ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('clients.none')} /> }}
        data-testid="api-client-table"
      />
      <CreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(made) => {
          setCreating(false);
          setSecret(made);
        }}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </ClinicalPage>
  );
}

function CreateDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (c: ApiClientWithSecret) => void }) {
  const { t } = useTranslation('interop');
  const { user } = useSession();
  const programs = user?.is_superuser ? (user.facility_programs ?? []) : administeredPrograms(user?.programs_roles ?? []);
  const create = useCreateApiClient();
  const [form] = Form.useForm<{ name: string; scopes: string[]; programs: string[] }>();
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const values = await form.validateFields();
    setError(null);
    try {
      onCreated(await create.mutateAsync({ name: values.name, scopes: values.scopes as ApiScope[], programs: values.programs }));
      form.resetFields();
    } catch (e) {
      setError(e instanceof ApiError ? errorLines(e).join(' ') : String(e));
    }
  };
  return (
    <Modal
      open={open}
      title={t('clients.new')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('clients.create')}
      cancelText={t('cancel')}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ scopes: ['orders.write', 'results.read'], programs: programs.length === 1 ? programs : [] }}>
        <Form.Item name="name" label={t('clients.name')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
          <Input maxLength={100} placeholder={t('clients.namePlaceholder')} data-testid="api-client-name" />
        </Form.Item>
        <Form.Item name="scopes" label={t('clients.scopes')} rules={[{ required: true, message: t('required') }]}>
          <Checkbox.Group options={API_SCOPES.map((s) => ({ value: s, label: t(`scope.${s}`) }))} />
        </Form.Item>
        <Form.Item name="programs" label={t('clients.programs')} rules={[{ required: true, message: t('required') }]}>
          <Select mode="multiple" options={programs.map((p) => ({ value: p, label: p }))} data-testid="api-client-programs" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} />}
    </Modal>
  );
}

function SecretDialog({ shown, onClose }: { shown: ApiClientWithSecret | null; onClose: () => void }) {
  const { t } = useTranslation('interop');
  return (
    <Modal
      open={shown != null}
      title={t('secret.title', { name: shown?.name ?? '' })}
      onCancel={onClose}
      maskClosable={false}
      // Once closed, the secret leaves the page.
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="api-client-secret-done">
          {t('secret.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('secret.once')} className="interop-gap" />
      <Typography.Paragraph>{t('secret.clientId')}</Typography.Paragraph>
      <Typography.Paragraph copyable className="interop-mono">
        <bdi>{shown?.client_id}</bdi>
      </Typography.Paragraph>
      <Typography.Paragraph>{t('secret.label')}</Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: shown?.secret ?? '' }} className="interop-mono interop-secret" data-testid="api-client-secret">
        <bdi>{shown?.secret}</bdi>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('secret.howTo')}</Typography.Paragraph>
    </Modal>
  );
}
