import { LockOutlined } from '@ant-design/icons';
import { OUTBOX_STATUSES, type NotificationSettingItem, type OutboxItem, type OutboxStatus } from '@nlims/contracts';
import { Alert, Button, Empty, Input, Select, Space, Switch, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { formatDateTime } from '../../shared/format/format';
import type { PageProps } from '../../shared/page/pageProps';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { ListTable } from '../../shared/list/ListTable';
import { Pager } from '../../shared/list/Pager';
import '../../shared/list/list.css';
import { useNotificationSettings, useOutbox, useResend, useSaveNotificationSetting } from './api';
import { CriticalAlertTable } from './CriticalAlertPanel';
import { providerNotice } from './providers';

const OUTBOX_PAGE = 20;

const STATUS_COLOURS: Record<OutboxStatus, string> = { queued: 'default', sending: 'processing', sent: 'blue', delivered: 'green', failed: 'red' };

/**
 * A message's words, or why they are not shown: the caller does not read the programme's results, or holds no role in
 * the programme (the recipient is then masked by the server).
 */
function MessageBody({ message }: { message: OutboxItem }) {
  const { t } = useTranslation('notifications');
  if (message.hidden)
    return (
      <Typography.Paragraph type="secondary" className="notifications-body" data-testid={`outbox-hidden-${message.id}`}>
        <LockOutlined /> {t(`hidden.${message.hidden}`)}
      </Typography.Paragraph>
    );
  return <Typography.Paragraph className="notifications-body">{message.body}</Typography.Paragraph>;
}

/**
 * Result notifications (`/administrations/facility/notifications`, the facility's administrator): the outbox (every
 * message with its status, attempts and reason; a failed one sent again; one waiting for its invoice shown held for
 * payment; the words and the full recipient only where the caller reads the programme's results), what each
 * programme's messages say and to whom, and the critical values with who was told and who acknowledged them.
 */
export default function NotificationsPage({ page }: PageProps) {
  const { t } = useTranslation('notifications');
  return (
    <ClinicalPage page={page}>
      <Tabs
        items={[
          { key: 'outbox', label: t('tab.outbox'), children: <Outbox /> },
          { key: 'settings', label: t('tab.settings'), children: <Settings /> },
          { key: 'critical', label: t('tab.critical'), children: <CriticalAlertTable /> },
        ]}
      />
    </ClinicalPage>
  );
}

function Outbox() {
  const { t } = useTranslation('notifications');
  const [status, setStatus] = useState<OutboxStatus | undefined>();
  const [search, setSearch] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const phone = !useMediaQuery(TABLET_UP);
  const list = useOutbox({ status, page: pageNo, search: search || undefined });
  const resend = useResend();
  const { missing, earlier } = providerNotice(list.data?.providers, list.data?.results ?? []);
  const statusColumn = {
    title: t('column.status'),
    key: 'status',
    render: (_: unknown, m: OutboxItem) => (
      <Space orientation="vertical" size={0} className="notifications-status">
        {m.held ? (
          <Tag color="orange" data-testid={`outbox-held-${m.id}`}>
            {t('held')}
          </Tag>
        ) : (
          <Tag color={STATUS_COLOURS[m.status]} data-testid={`outbox-status-${m.id}`}>
            {t(`status.${m.status}`)}
          </Tag>
        )}
        {m.held_invoice && <Typography.Text type="secondary">{t('heldInvoice', { number: `\u2068${m.held_invoice}\u2069` })}</Typography.Text>}
        {m.last_error && <Typography.Text type="danger">{m.last_error}</Typography.Text>}
      </Space>
    ),
  };
  // The status beside the lab number, where a phone shows it without scrolling; identifiers and times never broken.
  const columns = [
    {
      title: t('column.labNumber'),
      key: 'lab',
      render: (_: unknown, m: OutboxItem) => <bdi className="notifications-nowrap">{m.lab_number ?? '—'}</bdi>,
    },
    statusColumn,
    {
      title: t('column.created'),
      key: 'created',
      render: (_: unknown, m: OutboxItem) => (
        <bdi dir="ltr" className="notifications-nowrap">
          {formatDateTime(m.created_at)}
        </bdi>
      ),
    },
    { title: t('column.event'), key: 'event', render: (_: unknown, m: OutboxItem) => t(`event.${m.event}`) },
    {
      title: t('column.recipient'),
      key: 'to',
      render: (_: unknown, m: OutboxItem) => (
        <Space orientation="vertical" size={0}>
          <span>
            {t(`recipient.${m.recipient_kind}`)} · {t(`channel.${m.channel}`)}
          </span>
          <Typography.Text type="secondary" className="notifications-nowrap">
            <bdi>{m.address}</bdi>
            {m.hidden && (
              <Tooltip title={t(`hidden.${m.hidden}`)}>
                <LockOutlined className="notifications-lock" aria-label={t(`hidden.${m.hidden}`)} />
              </Tooltip>
            )}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('column.attempts'), key: 'attempts', dataIndex: 'attempts' },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, m: OutboxItem) =>
        m.status === 'failed' && (
          <Button
            size="small"
            loading={resend.isPending && resend.variables === m.id}
            onClick={() => resend.mutate(m.id)}
            data-testid={`outbox-resend-${m.id}`}
          >
            {t('resend')}
          </Button>
        ),
    },
  ];
  return (
    <>
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="notifications-alert"
          message={[t('noProvider', { channels: missing.map((c) => t(`channel.${c}`)).join(', ') }), earlier ? t('noProviderEarlier') : '']
            .filter(Boolean)
            .join(' ')}
          data-testid="outbox-no-provider"
        />
      )}
      <Space wrap className="notifications-filters">
        <Select
          allowClear
          placeholder={t('filter.status')}
          aria-label={t('filter.status')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPageNo(1);
          }}
          options={OUTBOX_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          style={{ minWidth: 160 }}
          data-testid="outbox-status"
        />
        <Input.Search
          allowClear
          placeholder={t('filter.search')}
          onSearch={(v) => {
            setSearch(v.trim());
            setPageNo(1);
          }}
          style={{ width: 260 }}
        />
      </Space>
      <ListTable<OutboxItem>
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        columns={columns}
        expandable={{ expandedRowRender: (m) => <MessageBody message={m} /> }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('none')} /> }}
        data-testid="outbox-table"
      />
      <Pager
        className="notifications-pager"
        pageIndex={pageNo - 1}
        pageSize={OUTBOX_PAGE}
        total={list.data?.count ?? 0}
        compact={phone}
        onPage={(index) => setPageNo(index + 1)}
      />
    </>
  );
}

function Settings() {
  const { t } = useTranslation('notifications');
  const settings = useNotificationSettings();
  const save = useSaveNotificationSetting();
  const change = (s: NotificationSettingItem, patch: Partial<Pick<NotificationSettingItem, 'content' | 'notify_clinician' | 'notify_client'>>) =>
    save.mutate({ program: s.program, content: s.content, notify_clinician: s.notify_clinician, notify_client: s.notify_client, ...patch });
  const columns = [
    {
      title: t('column.programme'),
      key: 'program',
      render: (_: unknown, s: NotificationSettingItem) => t(`app:program.${s.program_name}`, { defaultValue: s.program_name }),
    },
    {
      title: t('column.content'),
      key: 'content',
      render: (_: unknown, s: NotificationSettingItem) => (
        <Select
          value={s.content}
          onChange={(content) => change(s, { content })}
          options={[
            { value: 'ready', label: t('content.ready') },
            { value: 'value', label: t('content.value') },
          ]}
          style={{ minWidth: 220 }}
          data-testid={`setting-content-${s.program}`}
        />
      ),
    },
    {
      title: t('column.clinician'),
      key: 'clinician',
      render: (_: unknown, s: NotificationSettingItem) => <Switch checked={s.notify_clinician} onChange={(v) => change(s, { notify_clinician: v })} />,
    },
    {
      title: t('column.client'),
      key: 'client',
      render: (_: unknown, s: NotificationSettingItem) => <Switch checked={s.notify_client} onChange={(v) => change(s, { notify_client: v })} />,
    },
    {
      title: t('column.changed'),
      key: 'changed',
      render: (_: unknown, s: NotificationSettingItem) =>
        s.is_default ? <Tag>{t('default')}</Tag> : `${s.updated_by ?? ''} · ${formatDateTime(s.updated_at)}`,
    },
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">{t('settings.intro')}</Typography.Paragraph>
      <Table
        rowKey="program"
        size="small"
        scroll={{ x: true }}
        loading={settings.isFetching || save.isPending}
        dataSource={settings.data ?? []}
        columns={columns}
        pagination={false}
        data-testid="notification-settings"
      />
    </>
  );
}
