import { DEFAULT_PAGE_SIZE, FAMILIES, type PhReportRow, programsOfForm, RESULT_STATUS, SAMPLE_STATUS } from '@nlims/contracts';
import { Card, Empty, Select, Spin, type TableProps, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ReportActions } from '../../shared/page/ReportActions';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { formatDate, formatDateTime, todayLagos } from '../../shared/format/format';
import { useProgramme } from '../clinical/programme';
import { downloadFile } from '../../shared/files';
import { FlagTag } from '../clinical/common/ResultValue';
import { statusText, TestStatusTag } from '../../shared/status/status';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import type { PageProps } from '../../shared/page/pageProps';
import { ListTable } from '../../shared/list/ListTable';
import { Pager } from '../../shared/list/Pager';
import { LoadError } from '../../shared/page/LoadError';
import { type PhFilters, usePhReport } from './api';
import { diseaseText } from './labels';
import { PhFilterBar } from './PhFilterBar';
import '../../shared/list/list.css';
import '../analytics/report.css';
import './ph.css';

const S = SAMPLE_STATUS;
const TEST_STATUSES = [S.ORDERED, S.COLLECTED, S.APPROVED, ...Object.values(RESULT_STATUS), S.REJECTED];

interface Filters extends PhFilters {
  test_order_status?: number;
}

const queryOf = (values: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(values)
      .filter(([, v]) => v != null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

const rowKey = (r: PhReportRow) => `${r.barcode}-${r.test}`;

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
/** A case-form answer (yes, np_swab …) in the interface language. */
const answer = (t: TFunction, field: string, value: string | null) => (value ? t(`ph:choice.${field}.${value}`, { defaultValue: value }) : '—');

function ResultCell({ row }: { row: PhReportRow }) {
  const { t } = useTranslation('ph');
  if (row.result == null) return <span className="clin-muted">—</span>;
  return (
    <div className="report-result">
      <div>
        <strong>
          <bdi dir="ltr">{row.result}</bdi>
        </strong>{' '}
        {row.flag ? <FlagTag flag={row.flag} /> : row.positive && <Tag color="red">{t('report.positive')}</Tag>}
      </div>
      {row.other_results && (
        <div className="clin-muted report-result__others">
          {row.other_results.split('; ').map((line) => (
            <div key={line}>
              <bdi dir="ltr">{line}</bdi>
            </div>
          ))}
        </div>
      )}
      {row.notified_at && <div className="clin-muted">{t('report.notifiedAt', { when: formatDateTime(row.notified_at) })}</div>}
    </div>
  );
}

function CaseCell({ row }: { row: PhReportRow }) {
  const { t } = useTranslation('ph');
  return (
    <div className="ph-case">
      <div>
        <bdi dir="ltr" className="clin-identifier">
          {row.epid_number ?? t('report.noEpid')}
        </bdi>
      </div>
      <div>{diseaseText(t, row.disease)}</div>
      <div className="clin-muted">{t('report.onset', { date: formatDate(row.date_of_onset) || '—' })}</div>
    </div>
  );
}

function ClientCell({ row }: { row: PhReportRow }) {
  const { t } = useTranslation('ph');
  const sex = row.sex ? t(`clinical:sex.${row.sex}`, { defaultValue: row.sex }) : '';
  return (
    <div>
      <div>{row.client_name}</div>
      <div className="clin-muted">{[sex, row.age_years != null ? t('report.age', { years: row.age_years }) : ''].filter(Boolean).join(' · ')}</div>
      {row.lga_of_residence && <div className="clin-muted">{[row.lga_of_residence, row.state_of_residence].filter(Boolean).join(', ')}</div>}
    </div>
  );
}

/** The EID or viral-load request form's answers, as the report prints them. */
function RequestCell({ row }: { row: PhReportRow }) {
  if (!row.request?.length) return <span className="clin-muted">—</span>;
  return (
    <div className="ph-request">
      {row.request.map(([label, value]) => (
        <span key={label}>
          <span className="clin-muted">{label}:</span> {value}
        </span>
      ))}
    </div>
  );
}

function HistoryCell({ row }: { row: PhReportRow }) {
  const { t } = useTranslation('ph');
  const parts = [
    row.vaccinated && `${t('field.vaccinated')}: ${answer(t, 'vaccinated', row.vaccinated)}`,
    `${t('field.travelled')}: ${answer(t, 'travelled', row.travelled)}`,
    `${t('report.contact')}: ${answer(t, 'contact_with_case', row.contact_with_case)}`,
    `${t('field.hospitalised')}: ${answer(t, 'hospitalised', row.hospitalised)}`,
    `${t('field.outcome')}: ${answer(t, 'outcome', row.outcome)}`,
  ].filter(Boolean);
  return (
    <div className="ph-history">
      {parts.map((p) => (
        <div key={p as string}>{p}</div>
      ))}
    </div>
  );
}

function columns(t: TFunction, family: LineFamily): TableProps<PhReportRow>['columns'] {
  const ph = family === 'ph';
  return [
    ...(ph ? [{ key: 'case', title: t('report.case'), render: (_: unknown, r: PhReportRow) => <CaseCell row={r} /> }] : []),
    {
      key: 'lab',
      title: t('clinical:samples.labNumber'),
      render: (_, r) => (
        <div>
          <span className="clin-lab-number">{r.barcode}</span>
          <div className="clin-muted">{r.sample_type ?? answer(t, 'specimen', r.specimen)}</div>
        </div>
      ),
    },
    { key: 'client', title: t('clinical:samples.client'), render: (_, r) => <ClientCell row={r} /> },
    { key: 'test', title: t('clinical:samples.test'), dataIndex: 'test' },
    { key: 'status', title: t('clinical:samples.status'), render: (_, r) => <TestStatusTag status={r.status} /> },
    { key: 'result', title: t('clinical:results.result'), render: (_, r) => <ResultCell row={r} /> },
    ph
      ? { key: 'history', title: t('report.history'), render: (_, r) => <HistoryCell row={r} /> }
      : { key: 'request', title: t('report.request'), render: (_, r) => <RequestCell row={r} /> },
    {
      key: 'dates',
      title: t('report.dates'),
      render: (_, r) => (
        <div className="report-dates">
          <div>
            <span className="clin-muted">{t('clinical:samples.received')}</span> {formatDateTime(r.received_at) || '—'}
          </div>
          <div>
            <span className="clin-muted">{t('clinical:report.approved')}</span> {formatDateTime(r.approved_at) || '—'}
          </div>
        </div>
      ),
    },
  ];
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
  const { t: tc } = useTranslation('clinical');
  const phone = !useMediaQuery(TABLET_UP);
  const { family, program } = useFixedProgramme(page.family);
  const [params, setParams] = useSearchParams();
  const status = Number(params.get('test_order_status'));
  const filters: Filters = {
    start_date: params.get('start_date') ?? undefined,
    end_date: params.get('end_date') ?? undefined,
    program: program ?? params.get('program') ?? undefined,
    test_order_status: Number.isInteger(status) && status > 0 ? status : undefined,
  };
  const [paging, setPaging] = useState({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [downloading, setDownloading] = useState<'csv' | 'xlsx' | null>(null);
  const { data, error, isPending, isFetching, refetch } = usePhReport({ ...filters, page: paging.pageIndex + 1, page_size: paging.pageSize });
  const rows = data?.results ?? [];
  const set = (change: Filters) => {
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
    setPaging((p) => ({ ...p, pageIndex: 0 }));
  };
  const download = (format: 'csv' | 'xlsx') => {
    setDownloading(format);
    downloadFile(`/api/general_program_report/?${queryOf({ ...filters, format })}`, `${FILE_NAMES[family]}-line-list-${todayLagos()}.${format}`)
      .catch(() => undefined)
      .finally(() => setDownloading(null));
  };
  const extra = (
    <ReportActions
      empty={!rows.length}
      downloading={downloading}
      onDownload={download}
      labels={{ print: t('clinical:manage.print'), csv: t('clinical:report.csv'), xlsx: t('report.xlsx') }}
    />
  );
  return (
    <ClinicalPage page={page} extra={extra} className="report-page ph-report">
      <PhFilterBar value={filters} onChange={set} chooseDisease={family === 'ph'}>
        <Select
          allowClear
          placeholder={t('clinical:samples.allStatuses')}
          aria-label={t('clinical:samples.status')}
          value={filters.test_order_status}
          onChange={(test_order_status?: number) => set({ test_order_status })}
          options={TEST_STATUSES.map((s) => ({ value: s, label: statusText(tc, s) }))}
        />
      </PhFilterBar>
      {error && <LoadError title={t('report.error')} error={error} onRetry={() => void refetch()} />}
      {phone ? (
        isPending && !rows.length ? (
          <Spin className="clin-loading" />
        ) : !rows.length ? (
          <Empty description={t('clinical:report.empty')} />
        ) : (
          <div className="clin-cards report-cards">
            {rows.map((r) => (
              <Card key={rowKey(r)} size="small" className="clin-card report-card">
                <div className="clin-card__head">
                  <span className="clin-lab-number">{r.barcode}</span>
                  <TestStatusTag status={r.status} />
                </div>
                {family === 'ph' && <CaseCell row={r} />}
                <ClientCell row={r} />
                <div>{r.test}</div>
                <ResultCell row={r} />
                {family !== 'ph' && <RequestCell row={r} />}
              </Card>
            ))}
          </div>
        )
      ) : (
        <ListTable
          className="clin-table report__table"
          rowKey={rowKey}
          size="small"
          loading={isFetching}
          dataSource={rows}
          columns={columns(t, family)}
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
