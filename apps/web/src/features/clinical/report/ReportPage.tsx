import { DownloadOutlined } from '@ant-design/icons';
import { CANCELLED_STATUS, DEFAULT_PAGE_SIZE, RESULT_STATUS, SAMPLE_STATUS } from '@nlims/contracts';
import { Button, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../shared/forms/DateInput';
import type { PageProps } from '../../../shared/page/pageProps';
import { TABLET_UP, useMediaQuery } from '../../../shared/page/useMediaQuery';
import { ListTable } from '../../../shared/list/ListTable';
import { Pager } from '../../../shared/list/Pager';
import { useOrderLookup, useReport } from '../api';
import { ClinicalPage } from '../../../shared/page/ClinicalPage';
import { downloadFile } from '../../../shared/files';
import { statusText } from '../../../shared/status/status';
import { todayLagos } from '../../../shared/format/format';
import { useProgramme } from '../programme';
import { reportColumns } from './columns';
import { useHookSlot } from '../../../shared/registry';
import { REPORT_ROW_MARKS } from '../slots';
import '../../../shared/list/list.css';

const S = SAMPLE_STATUS;
/** The statuses a test can carry, in workflow order. */
const TEST_STATUSES = [S.ORDERED, S.COLLECTED, S.APPROVED, ...Object.values(RESULT_STATUS), S.REJECTED, CANCELLED_STATUS];

interface Filters {
  test_type?: number;
  test_order_status?: number;
  start_date?: string;
  end_date?: string;
}

/** One row per ordered test with its current result, filtered by test, status and ordered date; CSV download of the same filters. */
export default function ReportPage({ page }: PageProps) {
  const { t } = useTranslation('clinical');
  const phone = !useMediaQuery(TABLET_UP);
  const lookup = useOrderLookup(useProgramme());
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [downloading, setDownloading] = useState(false);
  const { data, isFetching } = useReport({ ...filters, page: paging.pageIndex + 1, page_size: paging.pageSize });
  // Marks under each lab number from the modules that have something to say of the page's orders
  // (held until their invoice is paid, where the facility holds results).
  const marks = useHookSlot(
    REPORT_ROW_MARKS,
    (data?.results ?? []).map((r) => r.lab_number),
  );
  const set = (change: Filters) => {
    setFilters((f) => ({ ...f, ...change }));
    setPaging((p) => ({ ...p, pageIndex: 0 }));
  };
  const download = () => {
    const query = new URLSearchParams(
      Object.entries({ ...filters, format: 'csv' })
        .filter(([, v]) => v != null && v !== '')
        .map(([k, v]) => [k, String(v)]),
    );
    setDownloading(true);
    downloadFile(`/api/general_order_report/?${query.toString()}`, `general-order-report-${todayLagos()}.csv`)
      .catch(() => undefined)
      .finally(() => setDownloading(false));
  };
  const extra = (
    <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={download}>
      {t('report.csv')}
    </Button>
  );
  return (
    <ClinicalPage page={page} extra={extra}>
      <div className="clin-toolbar">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('report.allTests')}
          aria-label={t('samples.test')}
          value={filters.test_type}
          onChange={(test_type?: number) => set({ test_type })}
          options={(lookup.data?.tests ?? []).filter((x) => !x.is_panel).map((x) => ({ value: x.id, label: x.name }))}
          style={{ minWidth: 240 }}
        />
        <Select
          allowClear
          placeholder={t('samples.allStatuses')}
          aria-label={t('samples.status')}
          value={filters.test_order_status}
          onChange={(test_order_status?: number) => set({ test_order_status })}
          options={TEST_STATUSES.map((s) => ({ value: s, label: statusText(t, s) }))}
        />
        <label className="clin-date">
          <span>{t('samples.from')}</span>
          <DateInput value={filters.start_date} max={filters.end_date} onChange={(start_date) => set({ start_date })} aria-label={t('samples.from')} />
        </label>
        <label className="clin-date">
          <span>{t('samples.to')}</span>
          <DateInput value={filters.end_date} min={filters.start_date} onChange={(end_date) => set({ end_date })} aria-label={t('samples.to')} />
        </label>
      </div>
      <ListTable
        className="clin-table"
        rowKey={(r, i) => `${r.lab_number}-${r.test}-${i}`}
        size="small"
        loading={isFetching}
        dataSource={data?.results ?? []}
        columns={reportColumns(t, marks)}
        emptyText={t('report.empty')}
      />
      <Pager
        pageIndex={paging.pageIndex}
        pageSize={paging.pageSize}
        total={data?.count ?? 0}
        compact={phone}
        onPage={(pageIndex) => setPaging((p) => ({ ...p, pageIndex }))}
        onPageSize={(pageSize) => setPaging({ pageIndex: 0, pageSize })}
      />
    </ClinicalPage>
  );
}
