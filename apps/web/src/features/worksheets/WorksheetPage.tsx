import type { WorksheetItem } from '@nlims/contracts';
import { Button, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ltr } from '../../shared/format/figures';
import { LoadError } from '../../shared/page/LoadError';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { queryState } from '../../shared/page/QueryState';
import { formatDateTime } from '../../shared/format/format';
import { useProgramme } from '../clinical/programme';
import type { PageProps } from '../../shared/page/pageProps';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { ListTable } from '../../shared/list/ListTable';
import { Pager } from '../../shared/list/Pager';
import '../../shared/list/list.css';
import { useWorksheetSetup, useWorksheets } from './api';
import { TemplatesPanel } from './TemplatesPanel';
import { WorksheetBuilder } from './WorksheetBuilder';
import { WorksheetView } from './WorksheetView';
import './worksheets.css';

const WORKSHEET_PAGE = 20;

/**
 * The programme's worksheets: the open ones (each opened to print its plate map and import the analyser's file), a
 * new one loaded from the workplan, and the templates of the facility's analysers. `?worksheet=` opens one.
 */
export default function WorksheetPage({ page }: PageProps) {
  const { t } = useTranslation('worksheets');
  const programme = useProgramme();
  const setup = useWorksheetSetup(programme);
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('worksheet')) || null;
  const tab = params.get('tab') ?? 'open';
  const go = (next: Record<string, string>) => setParams(next, { replace: false });

  const waiting = queryState(setup, t('loadError'));
  if (waiting || !setup.data) return <ClinicalPage page={page}>{waiting}</ClinicalPage>;
  if (open)
    return (
      <ClinicalPage page={page} className="ws-page">
        <WorksheetView id={open} onClose={() => go({ tab: 'open' })} />
      </ClinicalPage>
    );
  return (
    <ClinicalPage page={page} className="ws-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => go({ tab: key })}
        items={[
          { key: 'open', label: t('tabs.open'), children: <OpenWorksheets onOpen={(id) => go({ worksheet: String(id) })} /> },
          {
            key: 'new',
            label: t('tabs.new'),
            children: <WorksheetBuilder templates={setup.data.templates} machines={setup.data.machines} onCreated={(id) => go({ worksheet: String(id) })} />,
          },
          {
            key: 'templates',
            label: t('tabs.templates'),
            children: (
              <TemplatesPanel templates={setup.data.templates} tests={setup.data.tests} machines={setup.data.machines} materials={setup.data.materials} />
            ),
          },
        ]}
      />
    </ClinicalPage>
  );
}

function OpenWorksheets({ onOpen }: { onOpen: (id: number) => void }) {
  const programme = useProgramme();
  const [pageNo, setPageNo] = useState(1);
  const list = useWorksheets(programme, { state: 'open', page: pageNo });
  return <WorksheetTable list={list} onOpen={onOpen} page={pageNo} onPage={setPageNo} />;
}

/** Worksheets as a table: number, test, analyser, samples, who and when, state; a row opens one. Paged by the server (1-based page). */
export function WorksheetTable({
  list,
  onOpen,
  page,
  onPage,
}: {
  list: ReturnType<typeof useWorksheets>;
  onOpen: (id: number) => void;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('worksheets');
  const phone = !useMediaQuery(TABLET_UP);
  if (list.error && !list.data) return <LoadError title={t('loadError')} error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <>
      <ListTable<WorksheetItem>
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        emptyText={t('noWorksheets')}
        columns={[
          {
            key: 'number',
            title: t('column.number'),
            render: (_, w) => (
              <Button type="link" onClick={() => onOpen(w.id)} className="ws-link">
                {w.number}
              </Button>
            ),
          },
          { key: 'test', title: t('test'), dataIndex: 'test_type_name' },
          { key: 'machine', title: t('machine'), render: (_, w) => w.machine_name ?? '—' },
          { key: 'samples', title: t('samples'), dataIndex: 'samples', align: 'end' },
          { key: 'created', title: t('createdBy'), render: (_, w) => `${w.created_by_name}, ${ltr(formatDateTime(w.created_at))}` },
          {
            key: 'state',
            title: t('column.state'),
            render: (_, w) => (
              <Tag color={w.state === 'failed' ? 'red' : w.state === 'closed' ? 'green' : w.state === 'open' ? 'blue' : 'default'}>{t(`state.${w.state}`)}</Tag>
            ),
          },
        ]}
      />
      <Pager
        className="ws-pager"
        pageIndex={page - 1}
        pageSize={WORKSHEET_PAGE}
        total={list.data?.count ?? 0}
        compact={phone}
        onPage={(index) => onPage(index + 1)}
      />
    </>
  );
}
