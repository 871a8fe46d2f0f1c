import { CANCELLED_STATUS, RESULT_STATUS, SAMPLE_STATUS } from '@nlims/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../shared/forms/DateInput';
import type { PageProps } from '../../../shared/page/pageProps';
import { useHookSlot } from '../../../shared/registry';
import { LineListPage, type LineListSpec, StatusSelect, useFilterState } from '../../../shared/report/LineListPage';
import { useOrderLookup, useReport } from '../api';
import { useProgramme } from '../programme';
import { REPORT_ROW_MARKS } from '../slots';
import { type MarkedRow, reportColumns } from './columns';

const S = SAMPLE_STATUS;
/** The statuses a test can carry, in workflow order. */
const TEST_STATUSES = [S.ORDERED, S.COLLECTED, S.APPROVED, ...Object.values(RESULT_STATUS), S.REJECTED, CANCELLED_STATUS];

type Filters = {
  test_type?: number;
  test_order_status?: number;
  start_date?: string;
  end_date?: string;
};

/**
 * A page of the report's rows, each with the marks of the modules that have something to say of the
 * page's orders (held until their invoice is paid, where the facility holds results).
 */
function useMarkedRows(query: Parameters<typeof useReport>[0]) {
  const result = useReport(query);
  const rows = result.data?.results ?? [];
  const marks = useHookSlot(
    REPORT_ROW_MARKS,
    rows.map((r) => r.lab_number),
  );
  return { ...result, data: result.data && { ...result.data, results: rows.map((r): MarkedRow => ({ ...r, marks })) } };
}

/** One row per ordered test with its current result, filtered by test, status and ordered date; CSV download of the same filters. */
export default function ReportPage({ page }: PageProps) {
  const { t } = useTranslation('clinical');
  const lookup = useOrderLookup(useProgramme());
  const [filters, setFilters] = useFilterState<Filters>();
  const spec: LineListSpec<Filters, MarkedRow> = {
    path: '/api/general_order_report/',
    useRows: useMarkedRows,
    fileName: 'general-order-report',
    filterBar: (value, set) => (
      <div className="clin-toolbar">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('report.allTests')}
          aria-label={t('samples.test')}
          value={value.test_type}
          onChange={(test_type?: number) => set({ test_type })}
          options={(lookup.data?.tests ?? []).filter((x) => !x.is_panel).map((x) => ({ value: x.id, label: x.name }))}
          style={{ minWidth: 240 }}
        />
        <StatusSelect statuses={TEST_STATUSES} value={value.test_order_status} onChange={(test_order_status) => set({ test_order_status })} />
        <label className="clin-date">
          <span>{t('samples.from')}</span>
          <DateInput value={value.start_date} max={value.end_date} onChange={(start_date) => set({ start_date })} aria-label={t('samples.from')} />
        </label>
        <label className="clin-date">
          <span>{t('samples.to')}</span>
          <DateInput value={value.end_date} min={value.start_date} onChange={(end_date) => set({ end_date })} aria-label={t('samples.to')} />
        </label>
      </div>
    ),
    columns: reportColumns(t),
    rowKey: (r, i) => `${r.lab_number}-${r.test}-${i}`,
  };
  return <LineListPage page={page} spec={spec} filters={filters} onFilters={setFilters} />;
}
