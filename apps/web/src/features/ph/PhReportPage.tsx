import { FAMILIES, type PhReportRow, programsOfForm, RESULT_STATUS, SAMPLE_STATUS } from '@nlims/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PageProps } from '../../shared/page/pageProps';
import { LineListPage, type LineListSpec, type SetFilters, StatusSelect } from '../../shared/report/LineListPage';
import { useProgramme } from '../clinical/programme';
import { type PhFilters, usePhReport } from './api';
import { PhFilterBar } from './PhFilterBar';
import { reportCard, reportColumns, rowKey } from './reportRows';
import '../analytics/report.css';
import './ph.css';

const S = SAMPLE_STATUS;
const TEST_STATUSES = [S.ORDERED, S.COLLECTED, S.APPROVED, ...Object.values(RESULT_STATUS), S.REJECTED];

interface Filters extends PhFilters {
  test_order_status?: number;
}

/** The filters the URL carries, so a filtered line list can be bookmarked and shared. */
const FILTER_KEYS = ['start_date', 'end_date', 'program', 'test_order_status'] as const;

/** The line list's families: the public-health programmes together, or EID or viral load alone. */
type LineFamily = 'ph' | 'eid' | 'vl';
const FILE_NAMES: Record<LineFamily, string> = { ph: 'public-health', eid: 'eid', vl: 'viral-load' };

/**
 * The programme an EID or viral-load report page lists: the selected one when
 * it is of the page's family, else the family's first (null: the
 * public-health page, where the disease is a filter).
 */
function useFixedProgramme(family: string | undefined): { family: LineFamily; program: string | null } {
  const selected = useProgramme();
  if (family !== 'eid' && family !== 'vl') return { family: 'ph', program: null };
  return { family, program: selected.family === family ? selected.name : (programsOfForm(FAMILIES[family].form)[0] ?? null) };
}

/**
 * The line list (`general_program_report/`): one row per case and test with
 * its client, the specimen, the result as printed and its flag, and the dates
 * — for the public-health programmes with the EPID number, disease, onset,
 * residence and case history; on the EID and viral-load report pages for that
 * programme alone, with its request form's answers. Filtered (in the URL) by
 * registration days, disease and status; exported as CSV or Excel with the
 * same filters, or printed.
 */
export default function PhReportPage({ page }: PageProps) {
  const { t } = useTranslation(['ph', 'clinical']);
  const { family, program } = useFixedProgramme(page.family);
  const ph = family === 'ph';
  const [params, setParams] = useSearchParams();
  const status = Number(params.get('test_order_status'));
  const filters: Filters = {
    start_date: params.get('start_date') ?? undefined,
    end_date: params.get('end_date') ?? undefined,
    program: program ?? params.get('program') ?? undefined,
    test_order_status: Number.isInteger(status) && status > 0 ? status : undefined,
  };
  const setFilters: SetFilters<Filters> = (change) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of FILTER_KEYS) {
          if (!(key in change)) continue;
          const v = change[key];
          if (v == null || v === '') next.delete(key);
          else next.set(key, String(v));
        }
        return next;
      },
      { replace: true },
    );

  const spec: LineListSpec<Filters, PhReportRow> = {
    path: '/api/general_program_report/',
    useRows: usePhReport,
    fileName: `${FILE_NAMES[family]}-line-list`,
    formats: ['csv', 'xlsx'],
    xlsxLabel: t('report.xlsx'),
    print: true,
    filterBar: (value, set) => (
      <PhFilterBar value={value} onChange={set} chooseDisease={ph}>
        <StatusSelect statuses={TEST_STATUSES} value={value.test_order_status} onChange={(test_order_status) => set({ test_order_status })} />
      </PhFilterBar>
    ),
    columns: reportColumns(t, ph),
    rowKey,
    card: (row) => reportCard(row, ph),
    errorTitle: t('report.error'),
    className: 'report-page ph-report',
    tableClassName: 'clin-table report__table',
  };
  return <LineListPage page={page} spec={spec} filters={filters} onFilters={setFilters} />;
}
