import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { CANCELLED_STATUS, DEFAULT_PAGE_SIZE, RESULT_STATUS, SAMPLE_STATUS } from '@nlims/contracts';
import { Button, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { formatDate, formatDateTime, todayLagos } from '../../shared/format/format';
import { downloadFile } from '../../shared/files';
import { statusText } from '../../shared/status/status';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import type { PageProps } from '../../shared/page/pageProps';
import { ListTable } from '../../shared/list/ListTable';
import { Pager } from '../../shared/list/Pager';
import { type TbFilters, useTbReport, useTbTestTypes } from './api';
import { asRow, ReportCards, reportColumns, rowKey } from './reportRows';
import { LoadError } from '../../shared/page/LoadError';
import { TbFilterBar } from './TbFilterBar';
import '../../shared/list/list.css';
import '../analytics/report.css';

const S = SAMPLE_STATUS;
/** The statuses a TB test can carry, in workflow order (the status filter). */
const TEST_STATUSES = [S.ORDERED, S.COLLECTED, S.APPROVED, ...Object.values(RESULT_STATUS), S.REJECTED, CANCELLED_STATUS];

interface Filters extends TbFilters {
  test_order_status?: number;
}

/** The query string of a filter set, without empty values. */
const queryOf = (values: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(values)
      .filter(([, v]) => v != null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/**
 * The Tuberculosis report (`tb_report/`): one row per TB test — a panel once,
 * by its key member — with the client, the request form, the result and its
 * RR-TB flag, the dates and turnaround; filtered by the days samples were
 * registered, test and status; paged by the server (cards on phones),
 * downloaded as CSV with the same filters, or printed.
 */
export default function TbReportPage({ page }: PageProps) {
  const { t } = useTranslation(['tbAnalytics', 'tb', 'clinical']);
  const { t: tc } = useTranslation('clinical');
  const phone = !useMediaQuery(TABLET_UP);
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [downloading, setDownloading] = useState(false);
  const { tests } = useTbTestTypes();
  const { data, error, isPending, isFetching, refetch } = useTbReport({ ...filters, page: paging.pageIndex + 1, page_size: paging.pageSize });
  const rows = (data?.results ?? []).map(asRow);
  const set = (change: Filters) => {
    setFilters((f) => ({ ...f, ...change }));
    setPaging((p) => ({ ...p, pageIndex: 0 }));
  };
  const download = () => {
    setDownloading(true);
    downloadFile(`/api/tb_report/?${queryOf({ ...filters, format: 'csv' })}`, `tb-report-${todayLagos()}.csv`)
      .catch(() => undefined)
      .finally(() => setDownloading(false));
  };

  /** What the printed page says it holds: the filters in words. */
  const summary = [
    filters.start_date || filters.end_date
      ? t('report.registered', { start: formatDate(filters.start_date) || '…', end: formatDate(filters.end_date) || '…' })
      : t('report.allDates'),
    filters.test_type != null ? tests.find((x) => x.id === filters.test_type)?.name : t('clinical:report.allTests'),
    filters.test_order_status != null ? statusText(tc, filters.test_order_status) : t('clinical:samples.allStatuses'),
  ]
    .filter(Boolean)
    .join(' · ');

  const extra = (
    <div className="clin-actions clin-no-print">
      <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!rows.length}>
        {t('clinical:manage.print')}
      </Button>
      <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={download}>
        {t('clinical:report.csv')}
      </Button>
    </div>
  );
  return (
    <ClinicalPage page={page} extra={extra} className="report-page">
      <TbFilterBar value={filters} onChange={set}>
        <Select
          allowClear
          placeholder={t('clinical:samples.allStatuses')}
          aria-label={t('clinical:samples.status')}
          value={filters.test_order_status}
          onChange={(test_order_status?: number) => set({ test_order_status })}
          options={TEST_STATUSES.map((s) => ({ value: s, label: statusText(tc, s) }))}
        />
      </TbFilterBar>
      <p className="report-print-only">
        {summary}
        <br />
        {t('report.printed', { date: formatDateTime(new Date()), page: paging.pageIndex + 1, total: data?.count ?? 0 })}
      </p>
      {error && <LoadError title={t('report.error')} error={error} onRetry={() => void refetch()} />}
      {phone ? (
        <ReportCards rows={rows} loading={isPending || isFetching} />
      ) : (
        <ListTable
          className="clin-table report__table"
          rowKey={rowKey}
          size="small"
          loading={isFetching}
          dataSource={rows}
          columns={reportColumns(t)}
          emptyText={t('clinical:report.empty')}
        />
      )}
      <div className="clin-no-print">
        <Pager
          pageIndex={paging.pageIndex}
          pageSize={paging.pageSize}
          total={data?.count ?? 0}
          compact={phone}
          onPage={(pageIndex) => setPaging((p) => ({ ...p, pageIndex }))}
          onPageSize={(pageSize) => setPaging({ pageIndex: 0, pageSize })}
        />
      </div>
    </ClinicalPage>
  );
}
