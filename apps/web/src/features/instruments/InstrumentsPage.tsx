import { MESSAGE_STATUSES, type MessageItem, UNMATCHED_STATUSES, type UnmatchedItem } from '@nlims/contracts';
import {
  type ButtonProps,
  Alert,
  Button,
  DatePicker,
  Drawer,
  Empty,
  Form,
  Input,
  Modal,
  Pagination,
  Radio,
  Select,
  Space,
  Table,
  type TableProps,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, errorLines } from '../../api/errors';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { formatDateTime } from '../../shared/format/format';
import type { PageProps } from '../../shared/page/pageProps';
import { useCandidates, useInstrumentMachines, useMessage, useMessages, useResolve, useUnmatched } from './api';
import './instruments.css';

const PAGE_SIZE = 20;

/**
 * The analysers' interfaces (`/interoperability/instruments`, a supervisor or manager): the results they sent that
 * could not be placed — matched to a sample's test (entered as any result) or discarded with a reason — and every
 * message received and sent, with its raw text. The tab is kept in the address (`?tab=messages`).
 */
export default function InstrumentsPage({ page }: PageProps) {
  const { t } = useTranslation('instruments');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'messages' ? 'messages' : 'unmatched';
  const machines = useInstrumentMachines();
  return (
    <ClinicalPage page={page} className="instruments-page">
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {machines.data && machines.data.length === 0 && <Alert type="info" showIcon message={t('noMachines')} />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'messages' ? { tab: key } : {}, { replace: true })}
        items={[
          { key: 'unmatched', label: t('tab.unmatched'), children: <UnmatchedTab /> },
          { key: 'messages', label: t('tab.messages'), children: <MessagesTab /> },
        ]}
      />
    </ClinicalPage>
  );
}

function MachineFilter({ value, onChange }: { value?: number; onChange: (v?: number) => void }) {
  const { t } = useTranslation('instruments');
  const machines = useInstrumentMachines();
  return (
    <Select
      allowClear
      className="instruments-filter"
      placeholder={t('filter.machine')}
      aria-label={t('filter.machine')}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      options={(machines.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
      data-testid="instruments-machine-filter"
    />
  );
}

function UnmatchedTab() {
  const { t } = useTranslation('instruments');
  const [status, setStatus] = useState<(typeof UNMATCHED_STATUSES)[number]>('pending');
  const [machine, setMachine] = useState<number>();
  const [search, setSearch] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const list = useUnmatched({ status, machine, search: search || undefined, page: pageNo, page_size: PAGE_SIZE });
  const [matching, setMatching] = useState<UnmatchedItem | null>(null);
  const [discarding, setDiscarding] = useState<UnmatchedItem | null>(null);
  const wide = useMediaQuery(TABLET_UP);
  const columns = [
    { title: t('col.received'), key: 'received', render: (_: unknown, r: UnmatchedItem) => <bdi>{formatDateTime(r.received_at)}</bdi> },
    { title: t('col.machine'), dataIndex: 'machine_name', key: 'machine' },
    { title: t('col.barcode'), key: 'barcode', render: (_: unknown, r: UnmatchedItem) => <bdi className="instruments-mono">{r.barcode || '—'}</bdi> },
    { title: t('col.test'), key: 'test', render: (_: unknown, r: UnmatchedItem) => <bdi className="instruments-mono">{r.test_code}</bdi> },
    {
      title: t('col.value'),
      key: 'value',
      render: (_: unknown, r: UnmatchedItem) => (
        <bdi>
          {r.value} {r.units}
          {r.flags && <Tag className="instruments-flag">{r.flags}</Tag>}
        </bdi>
      ),
    },
    {
      title: t('col.reason'),
      key: 'reason',
      render: (_: unknown, r: UnmatchedItem) => (
        <Space direction="vertical" size={0}>
          <Tag color={r.reason === 'unknown-sample' ? 'orange' : 'gold'}>{t(`reason.${r.reason}`)}</Tag>
          {r.status !== 'pending' && (
            <Typography.Text type="secondary" className="instruments-small">
              {t(`status.${r.status}`)} · {r.resolved_by_name} · {formatDateTime(r.resolved_at)}
              {r.resolution ? ` — ${r.resolution}` : ''}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, r: UnmatchedItem) =>
        r.status === 'pending' && (
          <Space wrap>
            <Button size="small" type="primary" onClick={() => setMatching(r)} data-testid={`unmatched-match-${r.id}`}>
              {t('match')}
            </Button>
            <Button size="small" danger onClick={() => setDiscarding(r)} data-testid={`unmatched-discard-${r.id}`}>
              {t('discard')}
            </Button>
          </Space>
        ),
    },
  ];
  return (
    <>
      <Space wrap className="instruments-filters">
        <Radio.Group
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPageNo(1);
          }}
          optionType="button"
          options={UNMATCHED_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
        <MachineFilter
          value={machine}
          onChange={(v) => {
            setMachine(v);
            setPageNo(1);
          }}
        />
        <Input.Search
          allowClear
          className="instruments-filter"
          placeholder={t('filter.search')}
          aria-label={t('filter.search')}
          onSearch={(v) => {
            setSearch(v.trim());
            setPageNo(1);
          }}
          data-testid="unmatched-search"
        />
      </Space>
      <PagedList
        wide={wide}
        columns={columns}
        list={list}
        pageNo={pageNo}
        onPage={setPageNo}
        empty={t('emptyQueue')}
        testId="unmatched-table"
        render={(r) => (
          <>
            <span className="instruments-card__head">
              <bdi className="instruments-mono">{r.barcode || '—'}</bdi>
              {columns[5]!.render!(null, r)}
            </span>
            <span>
              <bdi className="instruments-mono">{r.test_code}</bdi> · {columns[4]!.render!(null, r)}
            </span>
            <span className="instruments-muted">
              {r.machine_name} · <bdi>{formatDateTime(r.received_at)}</bdi>
            </span>
            {columns[6]!.render!(null, r)}
          </>
        )}
      />
      {matching && <MatchDialog row={matching} onClose={() => setMatching(null)} />}
      {discarding && <DiscardDialog row={discarding} onClose={() => setDiscarding(null)} />}
    </>
  );
}

/** A page of a list: a table on a wide screen, one card per row on a phone, with the same pager either way. */
function PagedList<T extends { id: number }>({
  wide,
  columns,
  list,
  pageNo,
  onPage,
  empty,
  testId,
  render,
}: {
  wide: boolean;
  columns: TableProps<T>['columns'];
  list: { isFetching: boolean; data?: { results: T[]; count: number } };
  pageNo: number;
  onPage: (page: number) => void;
  empty: string;
  testId: string;
  render: (row: T) => ReactNode;
}) {
  const rows = list.data?.results ?? [];
  const count = list.data?.count ?? 0;
  if (wide)
    return (
      <Table
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        loading={list.isFetching}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: <Empty description={empty} /> }}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: count, onChange: onPage, showSizeChanger: false }}
        data-testid={testId}
      />
    );
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <>
      <ul className="instruments-cards" data-testid={testId}>
        {rows.map((row) => (
          <li key={row.id} className="instruments-card">
            {render(row)}
          </li>
        ))}
      </ul>
      <Pagination simple current={pageNo} pageSize={PAGE_SIZE} total={count} onChange={onPage} className="instruments-pager" />
    </>
  );
}

function problem(error: unknown): string[] {
  return error instanceof ApiError ? errorLines(error) : [String((error as Error)?.message ?? error)];
}

function MatchDialog({ row, onClose }: { row: UnmatchedItem; onClose: () => void }) {
  const { t } = useTranslation('instruments');
  const [barcode, setBarcode] = useState(row.reason === 'unknown-sample' ? '' : row.barcode);
  const [chosen, setChosen] = useState<number>();
  const [value, setValue] = useState('');
  const candidates = useCandidates(barcode);
  const resolve = useResolve();
  const submit = async () => {
    if (chosen == null) return;
    await resolve.mutateAsync({ id: row.id, action: 'match', body: { test_order: chosen, ...(value.trim() ? { value: value.trim() } : {}) } });
    onClose();
  };
  return (
    <Modal
      open
      title={t('matchTitle', { barcode: row.barcode || '—', test: row.test_code })}
      okText={t('match')}
      cancelText={t('cancel')}
      onOk={() => void submit().catch(() => undefined)}
      okButtonProps={{ disabled: chosen == null, loading: resolve.isPending, 'data-testid': 'match-confirm' } as ButtonProps}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('matchValue')}{' '}
        <strong>
          <bdi>
            {row.value} {row.units}
          </bdi>
        </strong>
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('matchBarcode')}>
          <Input.Search defaultValue={barcode} onSearch={(v) => setBarcode(v.trim())} enterButton={t('find')} allowClear data-testid="match-barcode" />
        </Form.Item>
        {candidates.data && candidates.data.length === 0 && <Alert type="warning" showIcon message={t('noCandidates')} />}
        {!!candidates.data?.length && (
          <Form.Item label={t('matchTest')}>
            <Radio.Group value={chosen} onChange={(e) => setChosen(e.target.value)} className="instruments-candidates">
              <Space direction="vertical">
                {candidates.data.map((c) => (
                  <Radio key={c.test_order} value={c.test_order} data-testid={`match-candidate-${c.test_code}`}>
                    <bdi>
                      {c.lab_number} · {c.test_name} ({c.test_code}) · {c.program}
                    </bdi>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        )}
        <Form.Item label={t('matchOverride')} extra={t('matchOverrideHint')}>
          <Input value={value} onChange={(e) => setValue(e.target.value)} maxLength={200} data-testid="match-value" />
        </Form.Item>
      </Form>
      {resolve.error && <Alert type="error" showIcon message={problem(resolve.error).join(' ')} />}
    </Modal>
  );
}

function DiscardDialog({ row, onClose }: { row: UnmatchedItem; onClose: () => void }) {
  const { t } = useTranslation('instruments');
  const [reason, setReason] = useState('');
  const resolve = useResolve();
  const submit = async () => {
    await resolve.mutateAsync({ id: row.id, action: 'discard', body: { reason } });
    onClose();
  };
  return (
    <Modal
      open
      title={t('discardTitle', { barcode: row.barcode || '—', test: row.test_code })}
      okText={t('discard')}
      okButtonProps={{ danger: true, disabled: !reason.trim(), loading: resolve.isPending }}
      cancelText={t('cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('discardReason')} required>
          <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} rows={3} data-testid="discard-reason" />
        </Form.Item>
      </Form>
      {resolve.error && <Alert type="error" showIcon message={problem(resolve.error).join(' ')} />}
    </Modal>
  );
}

function MessagesTab() {
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
