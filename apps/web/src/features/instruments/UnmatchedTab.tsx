import { UNMATCHED_STATUSES, type UnmatchedItem } from '@nlims/contracts';
import { Button, Input, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { formatDateTime } from '../../shared/format/format';
import { useUnmatched } from './api';
import { MachineFilter } from './MachineFilter';
import { PAGE_SIZE, PagedList } from './PagedList';
import { DiscardDialog, MatchDialog } from './ResolveDialogs';

/** The results the analysers sent that could not be placed, each matched to a sample's test or discarded. */
export function UnmatchedTab() {
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
