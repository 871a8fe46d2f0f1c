import { MESSAGE_STATUSES, type MessageItem } from '@nlims/contracts';
import { Alert, Button, DatePicker, Drawer, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { formatDateTime } from '../../shared/format/format';
import { useMessage, useMessages } from './api';
import { MachineFilter } from './MachineFilter';
import { PAGE_SIZE, PagedList } from './PagedList';

/** Every message received and sent, with its raw text. */
export function MessagesTab() {
  const { t } = useTranslation('instruments');
  const [machine, setMachine] = useState<number>();
  const [status, setStatus] = useState<string>();
  const [direction, setDirection] = useState<string>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const list = useMessages({
    machine,
    status,
    direction,
    start_date: range?.[0]?.format('YYYY-MM-DD'),
    end_date: range?.[1]?.format('YYYY-MM-DD'),
    page: pageNo,
    page_size: PAGE_SIZE,
  });
  const reset = () => setPageNo(1);
  const wide = useMediaQuery(TABLET_UP);
  const columns = [
    { title: t('col.received'), key: 'received', render: (_: unknown, m: MessageItem) => <bdi>{formatDateTime(m.received_at)}</bdi> },
    { title: t('col.machine'), dataIndex: 'machine_name', key: 'machine' },
    { title: t('col.direction'), key: 'direction', render: (_: unknown, m: MessageItem) => t(`direction.${m.direction}`) },
    {
      title: t('col.kind'),
      key: 'kind',
      render: (_: unknown, m: MessageItem) => `${m.protocol.toUpperCase()} · ${t(`kind.${m.kind}`, { defaultValue: m.kind })}`,
    },
    { title: t('col.control'), key: 'control', render: (_: unknown, m: MessageItem) => <bdi className="instruments-mono">{m.control_id}</bdi> },
    {
      title: t('col.status'),
      key: 'status',
      render: (_: unknown, m: MessageItem) => (
        <Space direction="vertical" size={0}>
          <Tag color={m.status === 'queued' ? 'gold' : m.status === 'rejected' ? 'red' : 'green'}>{t(`msgStatus.${m.status}`, { defaultValue: m.status })}</Tag>
          {m.unmatched > 0 && <Typography.Text type="secondary">{t('queuedCount', { count: m.unmatched })}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: '',
      key: 'open',
      render: (_: unknown, m: MessageItem) => (
        <Button size="small" onClick={() => setOpen(m.id)} data-testid={`message-open-${m.id}`}>
          {t('view')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <Space wrap className="instruments-filters">
        <MachineFilter
          value={machine}
          onChange={(v) => {
            setMachine(v);
            reset();
          }}
        />
        <Select
          allowClear
          className="instruments-filter"
          placeholder={t('filter.status')}
          aria-label={t('filter.status')}
          value={status}
          onChange={(v) => {
            setStatus(v ?? undefined);
            reset();
          }}
          options={MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`msgStatus.${s}`) }))}
        />
        <Select
          allowClear
          className="instruments-filter"
          placeholder={t('filter.direction')}
          aria-label={t('filter.direction')}
          value={direction}
          onChange={(v) => {
            setDirection(v ?? undefined);
            reset();
          }}
          options={['in', 'out'].map((s) => ({ value: s, label: t(`direction.${s}`) }))}
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(v) => {
            setRange(v);
            reset();
          }}
          aria-label={t('filter.dates')}
        />
      </Space>
      <PagedList
        wide={wide}
        columns={columns}
        list={list}
        pageNo={pageNo}
        onPage={setPageNo}
        empty={t('emptyMessages')}
        testId="messages-table"
        render={(m) => (
          <>
            <span className="instruments-card__head">
              <span>{columns[3]!.render!(null, m)}</span>
              {columns[5]!.render!(null, m)}
            </span>
            <span className="instruments-muted">
              {m.machine_name} · {t(`direction.${m.direction}`)} · <bdi>{formatDateTime(m.received_at)}</bdi>
            </span>
            <span className="instruments-card__head">
              <bdi className="instruments-mono">{m.control_id}</bdi>
              {columns[6]!.render!(null, m)}
            </span>
          </>
        )}
      />
      <MessageDrawer id={open} onClose={() => setOpen(null)} onOpen={setOpen} />
    </>
  );
}

function MessageDrawer({ id, onClose, onOpen }: { id: number | null; onClose: () => void; onOpen: (id: number) => void }) {
  const { t } = useTranslation('instruments');
  const message = useMessage(id);
  const m = message.data;
  return (
    <Drawer
      open={id != null}
      onClose={onClose}
      title={m ? `${m.machine_name} · ${m.control_id || m.id}` : t('message')}
      width="min(720px, 100vw)"
      destroyOnHidden
    >
      {m && (
        <Space direction="vertical" className="instruments-full">
          <Typography.Text>
            {formatDateTime(m.received_at)} · {t(`direction.${m.direction}`)} · {m.protocol.toUpperCase()} · <bdi>{m.remote}</bdi>
          </Typography.Text>
          {m.error && <Alert type="warning" showIcon message={m.error} />}
          <pre className="instruments-raw" dir="ltr" data-testid="message-raw">
            {m.raw}
          </pre>
          {m.reply_to != null && (
            <Button type="link" onClick={() => onOpen(m.reply_to!)}>
              {t('replyTo')}
            </Button>
          )}
          {m.replies.map((r) => (
            <Button key={r.id} type="link" onClick={() => onOpen(r.id)}>
              {t('reply', { kind: t(`kind.${r.kind}`, { defaultValue: r.kind }) })}
            </Button>
          ))}
        </Space>
      )}
    </Drawer>
  );
}
