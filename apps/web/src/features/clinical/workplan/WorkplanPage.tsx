import { PrinterOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { PRIORITIES } from '@nlims/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Select, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../shared/page/pageProps';
import { TABLET_UP, useMediaQuery } from '../../../shared/page/useMediaQuery';
import { ListTable } from '../../../shared/list/ListTable';
import { LookupSelect } from '../../resources/LookupSelect';
import { CLINICAL, useWorkplanPage, type WorkplanParams } from '../api';
import { ClientFacts } from '../common/ClientSummary';
import { ClinicalPage } from '../../../shared/page/ClinicalPage';
import { formatDateTime } from '../../../shared/format/format';
import { TestStatusTag } from '../../../shared/status/status';
import { useProgramme } from '../programme';
import { usePagedParams } from '../../../shared/list/usePagedParams';
import type { WorkplanRow } from '../types';
import { groupWork, isOverdue, sampleSpans } from './groups';
import { ListPager } from '../../../shared/list/ListPager';
import '../../../shared/list/list.css';
import './workplan.css';

const SECTIONS = { path: 'section' };
const BENCHES = { path: 'bench', dependsOn: { field: 'section', param: 'Filters.section' } };

/**
 * Tests waiting to be run, by section and bench, urgent first then earliest due; overdue
 * ones stand out. The whole backlog pages from the server; a page prints as
 * the bench's sheet.
 */
export default function WorkplanPage({ page }: PageProps) {
  const { t } = useTranslation('clinical');
  const client = useQueryClient();
  const phone = !useMediaQuery(TABLET_UP);
  const list = usePagedParams<WorkplanParams>({ pageIndex: 0, pageSize: 50 });
  const { params, set } = list;
  const { data, isPending, isFetching } = useWorkplanPage(useProgramme(), params);
  const rows = data?.results ?? [];
  const groups = groupWork(rows);
  const now = Date.now();
  const overdue = (row: WorkplanRow) => isOverdue(row, now);

  const extra = (
    <div className="clin-actions clin-no-print">
      <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void client.invalidateQueries({ queryKey: [...CLINICAL, 'workplan'] })}>
        {t('workplan.refresh')}
      </Button>
      <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!rows.length}>
        {t('workplan.print')}
      </Button>
    </div>
  );
  return (
    <ClinicalPage page={page} extra={extra} className="workplan">
      <div className="clin-toolbar clin-no-print">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('samples.search')}
          aria-label={t('samples.search')}
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.target.value)}
        />
        <LookupSelect
          spec={SECTIONS}
          allowClear
          placeholder={t('entry.allSections')}
          aria-label={t('entry.section')}
          value={params.section}
          onChange={(section?: number) => set({ section, bench: undefined })}
        />
        <LookupSelect
          spec={BENCHES}
          dependency={params.section}
          allowClear
          placeholder={t('workplan.allBenches')}
          aria-label={t('workplan.bench')}
          value={params.bench}
          onChange={(bench?: number) => set({ bench })}
        />
        <Select
          allowClear
          placeholder={t('workplan.allPriorities')}
          aria-label={t('labOrder.priority')}
          value={params.priority}
          onChange={(priority?: string) => set({ priority })}
          options={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
        />
      </div>
      <p className="workplan__printed">
        {t('workplan.printedAt', { at: formatDateTime(new Date()) })} ·{' '}
        {t('workplan.pageOf', { page: params.pageIndex + 1, pages: Math.max(1, Math.ceil((data?.count ?? 0) / params.pageSize)) })}
      </p>
      {isPending && <Spin className="clin-loading" />}
      {data && !rows.length && <Empty description={t('workplan.empty')} />}
      {groups.map((group) => (
        <Card
          key={group.key}
          size="small"
          className="workplan__section"
          title={`${group.section ?? t('entry.noSection')} · ${group.bench ?? t('workplan.noBench')} (${group.items.length})`}
          extra={<Tag color={group.items.some(overdue) ? 'red' : 'default'}>{t('workplan.overdueCount', { count: group.items.filter(overdue).length })}</Tag>}
        >
          {phone ? <WorkCards rows={group.items} now={now} /> : <WorkTable rows={group.items} now={now} />}
        </Card>
      ))}
      <div className="clin-no-print">
        <ListPager list={list} total={data?.count ?? 0} />
      </div>
    </ClinicalPage>
  );
}

/** One bench's tests: a sample's tests share its laboratory-number, client and priority cells; fixed columns line up from card to card. */
function WorkTable({ rows, now }: { rows: WorkplanRow[]; now: number }) {
  const { t } = useTranslation('clinical');
  const spans = sampleSpans(rows);
  const span = (_: WorkplanRow, index?: number) => ({ rowSpan: spans[index ?? 0] });
  const overdue = (row: WorkplanRow) => isOverdue(row, now);
  return (
    <ListTable<WorkplanRow>
      size="small"
      tableLayout="fixed"
      scroll={{ x: 860 }}
      dataSource={rows}
      rowClassName={(row) => (overdue(row) ? 'workplan__overdue' : '')}
      columns={[
        { key: 'lab', title: t('samples.labNumber'), width: 190, onCell: span, render: (_, row) => <span className="clin-lab-number">{row.barcode}</span> },
        {
          key: 'client',
          title: t('samples.client'),
          width: 230,
          onCell: span,
          render: (_, row) => (
            <span>
              {row.client_name} <ClientFacts client={row} />
            </span>
          ),
        },
        {
          key: 'priority',
          title: t('labOrder.priority'),
          width: 90,
          onCell: span,
          render: (_, row) => (row.priority === 'urgent' ? <Tag color="red">{t('priority.urgent')}</Tag> : t('priority.routine')),
        },
        { key: 'test', title: t('samples.test'), render: (_, row) => row.test_type_name },
        {
          key: 'due',
          title: t('samples.due'),
          width: 150,
          render: (_, row) => (
            <span className={overdue(row) ? 'clin-overdue' : undefined}>
              {formatDateTime(row.due_at as string) || '—'}
              {overdue(row) && ` · ${t('workplan.overdue')}`}
            </span>
          ),
        },
        { key: 'status', title: t('samples.status'), width: 150, render: (_, row) => <TestStatusTag status={row.status} /> },
      ]}
    />
  );
}

/** On phones: each sample once, with its tests and their due times underneath. */
function WorkCards({ rows, now }: { rows: WorkplanRow[]; now: number }) {
  const { t } = useTranslation('clinical');
  const spans = sampleSpans(rows);
  return (
    <div className="workplan__samples">
      {rows.map((first, index) => {
        if (!spans[index]) return null;
        const tests = rows.slice(index, index + spans[index]!);
        return (
          <div className="workplan__sample" key={first.id}>
            <div className="workplan__sample-head">
              <span className="clin-lab-number">{first.barcode}</span>
              {first.priority === 'urgent' && <Tag color="red">{t('priority.urgent')}</Tag>}
            </div>
            <div>
              {first.client_name} <ClientFacts client={first} />
            </div>
            <ul className="workplan__tests">
              {tests.map((row) => (
                <li key={row.id} className={isOverdue(row, now) ? 'workplan__overdue clin-overdue' : undefined}>
                  <span>{row.test_type_name}</span>
                  <span className="workplan__due">
                    {formatDateTime(row.due_at as string) || '—'}
                    {isOverdue(row, now) && ` · ${t('workplan.overdue')}`}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
