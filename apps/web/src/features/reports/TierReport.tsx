import { DEFAULT_PAGE_SIZE, programsOfReport, SUPPRESSED_LABEL, type TierReportRow } from '@nlims/contracts';
import { Alert, Card, Empty, Segmented, Select, Spin, type TableProps } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../auth/useSession';
import { ReportActions } from '../../shared/page/ReportActions';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { formatDate, formatDateTime, todayLagos } from '../../shared/format/format';
import { downloadFile } from '../../shared/files';
import { DateInput } from '../../shared/forms/DateInput';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import type { PageProps } from '../../shared/page/pageProps';
import { ListTable } from '../../shared/list/ListTable';
import { Pager } from '../../shared/list/Pager';
import { LoadError } from '../../shared/page/LoadError';
import { useDashboardFilter, useLocations, useTierReport } from './api';
import {
  changeFilters,
  FAMILY_PROGRAMME,
  filtersFromParams,
  paramsOf,
  queryString,
  REPORT_FAMILIES,
  REPORT_STATUSES,
  reportRequest,
  type TierReportFilters,
} from './filters';
import '../../shared/list/list.css';
import '../analytics/report.css';
import './reports.css';

/** The programmes of the programmes' report (general_program_report/): every one but General and Tuberculosis, as the product lists them. */
const OTHER_PROGRAMMES = programsOfReport('general_program_report');

const FIGURES = ['requested', 'released', 'positives', 'rejected', 'backlog'] as const;

const rowKey = (r: TierReportRow) => `${r.facility_code}|${r.program}|${r.test_type}`;

/** A count as shown: positives of 1–4 below state level come as null and read "< 5". */
function Figure({ value }: { value: number | null }) {
  return value == null ? <span className="reports-suppressed">{SUPPRESSED_LABEL}</span> : value;
}

const programmeText = (t: TFunction, name: string) => t(`app:program.${name}`, { defaultValue: name });

/** The columns; the programme's only when the rows are of several programmes. */
function columns(t: TFunction, severalProgrammes: boolean): TableProps<TierReportRow>['columns'] {
  return [
    {
      key: 'place',
      title: t('col.place'),
      render: (_, r) => (
        <div className="reports-place">
          <div>{r.lga}</div>
          <div className="clin-muted">{r.state}</div>
        </div>
      ),
    },
    {
      key: 'facility',
      title: t('col.facility'),
      render: (_, r) => (
        <div className="reports-facility">
          <div>{r.facility}</div>
          <bdi dir="ltr" className="clin-muted">
            {r.facility_code}
          </bdi>
        </div>
      ),
    },
    ...(severalProgrammes ? [{ key: 'program', title: t('col.programme'), render: (_: unknown, r: TierReportRow) => programmeText(t, r.program) }] : []),
    { key: 'test', title: t('col.test'), render: (_, r) => <div className="reports-test">{r.test_type}</div> },
    ...FIGURES.map((f) => ({
      key: f,
      title: t(`col.${f}`),
      className: 'reports-figure',
      render: (_: unknown, r: TierReportRow) => <Figure value={r[f]} />,
    })),
  ];
}

/** Where the caller looks from: the nation, their state, or their LGA in its state. */
function useAreaName(): string {
  const { t } = useTranslation('reports');
  const user = useSession().user;
  if (!user || user.user_location === 1) return t('area.nation');
  if (user.user_location === 3 && user.lga_name) return [user.lga_name, user.state_name].filter(Boolean).join(', ');
  return user.state_name ?? user.lga_name ?? t('area.nation');
}

/**
 * A health official's report (`/reports`): per facility and test of their
 * area, the tests requested, released, positive (1–4 read "< 5"), rejected and
 * still in the laboratory — never a patient. The filters live in the address;
 * the same filters export CSV or Excel, and the page prints on A4.
 */
export function TierReport({ page }: PageProps) {
  const { t } = useTranslation(['reports', 'clinical', 'app']);
  const phone = !useMediaQuery(TABLET_UP);
  const area = useAreaName();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const [paging, setPaging] = useState({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [downloading, setDownloading] = useState<'csv' | 'xlsx' | null>(null);
  const lookup = useDashboardFilter();
  const states = useLocations('state');
  const lgas = useLocations('lga');
  const { data, error, isPending, isFetching, refetch } = useTierReport(filters, paging.pageIndex + 1, paging.pageSize);
  const rows = data?.results ?? [];

  const set = (change: Partial<TierReportFilters>) => {
    setParams(paramsOf(changeFilters(filters, change)), { replace: true });
    setPaging((p) => ({ ...p, pageIndex: 0 }));
  };
  const download = (format: 'csv' | 'xlsx') => {
    const { path, query } = reportRequest(filters, { format });
    setDownloading(format);
    downloadFile(`${path}?${queryString(query)}`, `report-${filters.family}-${filters.start_date}-${filters.end_date}.${format}`)
      .catch(() => undefined)
      .finally(() => setDownloading(null));
  };

  // The tests of the programmes chosen (the look-up lists members, not panels).
  const programmeIds = useMemo(() => {
    const programs = lookup.data?.programs ?? [];
    const names = filters.family === 'programme' ? (filters.program ? [filters.program] : OTHER_PROGRAMMES) : [FAMILY_PROGRAMME[filters.family]];
    return new Map(programs.filter((p) => names.includes(p.name)).map((p) => [p.id, p.name]));
  }, [lookup.data, filters.family, filters.program]);
  const testOptions = (lookup.data?.test_types ?? [])
    .filter((x) => programmeIds.has(x.program))
    .map((x) => ({
      value: x.id,
      label: programmeIds.size > 1 ? `${x.name} (${programmeText(t, programmeIds.get(x.program)!)})` : x.name,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));

  // A state or LGA official has one state (and one LGA): shown as chosen, not a choice.
  const stateList = states.data ?? [];
  const onlyState = stateList.length === 1 ? stateList[0]!.id : undefined;
  const state = filters.reporting_state ?? onlyState;
  const lgaList = (lgas.data ?? []).filter((l) => state == null || l.state === state);
  const onlyLga = (lgas.data ?? []).length === 1 ? lgas.data![0]!.id : undefined;

  const statusEntry = Object.entries(REPORT_STATUSES).find(([, code]) => code === filters.test_order_status);
  const programmeLabel =
    filters.family === 'programme' ? (filters.program ? programmeText(t, filters.program) : t('filter.allProgrammes')) : t(`family.${filters.family}`);
  /** What the printed page says it holds: the filters in words. */
  const summary = [
    area,
    programmeLabel,
    t('period', { start: formatDate(filters.start_date), end: formatDate(filters.end_date) }),
    filters.test_type != null ? testOptions.find((o) => o.value === filters.test_type)?.label : null,
    statusEntry ? t(`status.${statusEntry[0]}`) : null,
    filters.reporting_state != null ? stateList.find((s) => s.id === filters.reporting_state)?.name : null,
    filters.reporting_lga != null ? lgaList.find((l) => l.id === filters.reporting_lga)?.name : null,
  ]
    .filter(Boolean)
    .join(' · ');

  const extra = (
    <ReportActions
      empty={!rows.length}
      downloading={downloading}
      onDownload={download}
      labels={{ print: t('print'), csv: t('export.csv'), xlsx: t('export.xlsx') }}
    />
  );

  return (
    <ClinicalPage page={page} extra={extra} className="report-page reports-tier">
      <p className="reports-tier__intro clin-no-print">{t('intro', { area })}</p>
      <div className="reports-tier__family clin-no-print">
        <Segmented<TierReportFilters['family']>
          aria-label={t('filter.family')}
          value={filters.family}
          onChange={(family) => set({ family })}
          options={REPORT_FAMILIES.map((f) => ({ value: f, label: t(`family.${f}`) }))}
        />
      </div>
      <div className="clin-toolbar report-filters reports-filters clin-no-print">
        {filters.family === 'programme' && (
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('filter.allProgrammes')}
            aria-label={t('filter.programme')}
            value={filters.program}
            onChange={(program?: string) => set({ program })}
            options={OTHER_PROGRAMMES.map((name) => ({ value: name, label: programmeText(t, name) }))}
            className="reports-filters__programme"
          />
        )}
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={lookup.isPending}
          placeholder={t('filter.allTests')}
          aria-label={t('filter.test')}
          value={filters.test_type}
          onChange={(test_type?: number) => set({ test_type })}
          options={testOptions}
          className="report-filters__test"
        />
        <label className="clin-date">
          <span>{t('clinical:samples.from')}</span>
          <DateInput
            value={filters.start_date}
            max={filters.end_date}
            onChange={(start_date) => set({ start_date })}
            aria-label={t('clinical:samples.from')}
            allowClear={false}
          />
        </label>
        <label className="clin-date">
          <span>{t('clinical:samples.to')}</span>
          <DateInput
            value={filters.end_date}
            min={filters.start_date}
            max={todayLagos()}
            onChange={(end_date) => set({ end_date })}
            aria-label={t('clinical:samples.to')}
            allowClear={false}
          />
        </label>
        <Select
          allowClear
          placeholder={t('status.all')}
          aria-label={t('status.label')}
          value={filters.test_order_status}
          onChange={(test_order_status?: number) => set({ test_order_status })}
          options={Object.entries(REPORT_STATUSES).map(([key, code]) => ({ value: code, label: t(`status.${key}`) }))}
        />
        <Select
          allowClear={onlyState == null}
          disabled={onlyState != null}
          showSearch={{ optionFilterProp: 'label' }}
          loading={states.isPending}
          placeholder={t('filter.allStates')}
          aria-label={t('filter.state')}
          value={state}
          onChange={(reporting_state?: number) => set({ reporting_state })}
          options={stateList.map((s) => ({ value: s.id, label: s.name }))}
        />
        <Select
          allowClear={onlyLga == null}
          disabled={onlyLga != null}
          showSearch={{ optionFilterProp: 'label' }}
          loading={lgas.isPending}
          placeholder={t('filter.allLgas')}
          aria-label={t('filter.lga')}
          value={filters.reporting_lga ?? onlyLga}
          onChange={(reporting_lga?: number) => set({ reporting_lga })}
          options={lgaList.map((l) => ({ value: l.id, label: l.name }))}
        />
      </div>
      <Alert type="info" showIcon className="reports-tier__note" title={t('note.suppressed', { label: `\u2066${SUPPRESSED_LABEL}\u2069` })} />
      <p className="report-print-only">
        {summary}
        <br />
        {t('printed', { date: formatDateTime(new Date()), page: paging.pageIndex + 1, total: data?.count ?? 0 })}
      </p>
      {error && <LoadError title={t('error')} error={error} onRetry={() => void refetch()} />}
      {phone ? (
        isPending && !rows.length ? (
          <Spin className="clin-loading" />
        ) : !rows.length ? (
          <Empty description={t('empty')} />
        ) : (
          <div className="clin-cards report-cards">
            {rows.map((r) => (
              <Card key={rowKey(r)} size="small" className="clin-card report-card reports-card">
                <div className="clin-card__head">
                  <strong>{r.facility}</strong>
                  <bdi dir="ltr" className="clin-muted">
                    {r.facility_code}
                  </bdi>
                </div>
                <div className="clin-muted">{[r.lga, r.state].join(', ')}</div>
                <div>
                  {r.test_type} <span className="clin-muted">· {programmeText(t, r.program)}</span>
                </div>
                <dl className="reports-card__figures">
                  {FIGURES.map((f) => (
                    <div key={f}>
                      <dt>{t(`col.${f}`)}</dt>
                      <dd>
                        <Figure value={r[f]} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </Card>
            ))}
          </div>
        )
      ) : (
        <ListTable
          className="clin-table report__table reports-table"
          rowKey={rowKey}
          size="small"
          loading={isFetching}
          dataSource={rows}
          columns={columns(t, filters.family === 'programme' && !filters.program)}
          emptyText={t('empty')}
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
