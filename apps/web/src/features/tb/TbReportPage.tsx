import { CANCELLED_STATUS, RESULT_STATUS, SAMPLE_STATUS } from '@nlims/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../shared/format/format';
import type { PageProps } from '../../shared/page/pageProps';
import { LineListPage, type LineListSpec, StatusSelect, useFilterState } from '../../shared/report/LineListPage';
import { statusText } from '../../shared/status/status';
import { type TbFilters, useTbReport, useTbTestTypes } from './api';
import { asRow, reportCard, reportColumns, rowKey } from './reportRows';
import { TbFilterBar } from './TbFilterBar';
import '../analytics/report.css';

const S = SAMPLE_STATUS;
/** The statuses a TB test can carry, in workflow order (the status filter). */
const TEST_STATUSES = [S.ORDERED, S.COLLECTED, S.APPROVED, ...Object.values(RESULT_STATUS), S.REJECTED, CANCELLED_STATUS];

interface Filters extends TbFilters {
  test_order_status?: number;
}

/** The report's rows as the clinical cells read them (a fixed hook for the page's life). */
function useRows(query: Parameters<typeof useTbReport>[0]) {
  const result = useTbReport(query);
  return { ...result, data: result.data && { ...result.data, results: result.data.results.map(asRow) } };
}

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
  const [filters, setFilters] = useFilterState<Filters>();
  const { tests } = useTbTestTypes();

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

  const spec: LineListSpec<Filters, ReturnType<typeof asRow>> = {
    path: '/api/tb_report/',
    useRows,
    fileName: 'tb-report',
    print: true,
    filterBar: (value, set) => (
      <TbFilterBar value={value} onChange={set}>
        <StatusSelect statuses={TEST_STATUSES} value={value.test_order_status} onChange={(test_order_status) => set({ test_order_status })} />
      </TbFilterBar>
    ),
    columns: reportColumns(t),
    rowKey,
    card: (row) => reportCard(t, row),
    printedSummary: ({ page: index, total }) => (
      <>
        {summary}
        <br />
        {t('report.printed', { date: formatDateTime(new Date()), page: index, total })}
      </>
    ),
    errorTitle: t('report.error'),
    className: 'report-page',
    tableClassName: 'clin-table report__table',
  };
  return <LineListPage page={page} spec={spec} filters={filters} onFilters={setFilters} />;
}
