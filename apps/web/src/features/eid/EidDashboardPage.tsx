import { DownloadOutlined } from '@ant-design/icons';
import { EID_CHOICES, EID_DASHBOARD_DEFAULT_DAYS, EID_TILES, type EidDashboard } from '@nlims/contracts';
import { Alert, Button, Empty, Table, Tag } from 'antd';
import type { i18n as I18n, TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BarChart } from '../../shared/charts';
import { type DashboardCard, DashboardShell, type DashboardView, emptyCard } from '../analytics/DashboardShell';
import { describeTiles } from '../analytics/tiles';
import { formatDate, formatDateTime } from '../../shared/format/format';
import { statusText } from '../../shared/status/status';
import { PeriodFilter } from '../../shared/forms/PeriodFilter';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import type { PageProps } from '../../shared/page/pageProps';
import { defaultPeriod, percentText } from '../../shared/format/figures';
import { type EidDashboardQuery, useEidDashboard } from './api';
import { type BreakdownRow, dashboardCsv } from './csv';
import './eid.css';

type Breakdown = 'by_age_band' | 'by_entry_point' | 'by_pcr_sequence' | 'by_state';

/** A request-form code as its label in the interface language (`eid:choice.<field>.<code>`), or "Not given". */
export function eidChoiceText(t: TFunction, field: keyof typeof EID_CHOICES, value: string | null | undefined): string {
  if (value == null || value === '') return t('eid:dashboard.notGiven');
  const english = (EID_CHOICES[field] as readonly { value: string; label: string }[]).find((c) => c.value === value)?.label;
  return t(`eid:choice.${field}.${value}`, { defaultValue: english ?? value });
}

/** The label of a breakdown row: an age band, an entry point, a PCR, a state. */
function rowLabel(t: TFunction, breakdown: Breakdown, row: BreakdownRow): string {
  switch (breakdown) {
    case 'by_age_band':
      return t(`eid:band.${row.band}`);
    case 'by_entry_point':
      return eidChoiceText(t, 'entry_point', row.entry_point);
    case 'by_pcr_sequence':
      return eidChoiceText(t, 'pcr_sequence', row.pcr_sequence);
    case 'by_state':
      return row.state ?? '—';
  }
}

/**
 * The EID laboratory's dashboard (`facility_eid_dashboard/`, at
 * /programs/eid-dashboard and /dashboards/eid): over the EID samples
 * registered in the period (the last 30 days unless chosen, kept in the
 * address), the infants whose detected PCR awaits its confirmatory request
 * first, then the PCR tests and positivity by age band, entry point, PCR
 * sequence and state, the tests by status, rejections by reason and
 * turnaround from collection to release.
 */
export default function EidDashboardPage({ page }: PageProps) {
  const { t, i18n } = useTranslation(['eid', 'clinical']);
  const { t: tc } = useTranslation('clinical');
  const [params, setParams] = useSearchParams();
  const fallback = defaultPeriod(EID_DASHBOARD_DEFAULT_DAYS);
  const query: EidDashboardQuery = { start_date: params.get('start_date') ?? fallback.start_date, end_date: params.get('end_date') ?? fallback.end_date };
  const set = (change: EidDashboardQuery) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [key, value] of Object.entries(change)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  const result = useEidDashboard(query);
  const { data } = result;

  return (
    <DashboardShell
      referral
      page={page}
      family="eid"
      className="eid-dash"
      query={result}
      texts={{ loading: t('dashboard.loading'), error: t('dashboard.error') }}
      actions={
        data && (
          <Button icon={<DownloadOutlined />} onClick={() => downloadCsv(data, t)}>
            {t('dashboard.csv')}
          </Button>
        )
      }
      filters={<PeriodFilter value={query} onChange={set} />}
      period={(d) => t('dashboard.period', { start: formatDate(d.start_date), end: formatDate(d.end_date) })}
      view={(d) => eidView(d, t, tc, i18n)}
    />
  );
}

function downloadCsv(data: EidDashboard, t: TFunction) {
  const blob = new Blob(
    [
      dashboardCsv(
        data,
        (breakdown, row) => rowLabel(t, breakdown, row),
        (key) => t(`eid:csv.${key}`),
      ),
    ],
    {
      type: 'text/csv;charset=utf-8',
    },
  );
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `eid-dashboard-${data.start_date}-${data.end_date}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The period's figures: the infants awaiting confirmation first, then the breakdowns, statuses, rejections and turnaround. */
function eidView(data: EidDashboard, t: TFunction, tc: TFunction, i18n: I18n): DashboardView {
  const { totals, turnaround: tat, awaiting_confirmation: awaiting } = data;
  const days = (v: number | null) => (v == null ? '—' : t('eid:dashboard.days', { count: v }));
  const awaitingCard: DashboardCard = {
    key: 'awaiting',
    title: t('eid:dashboard.awaitingTitle'),
    className: awaiting.count ? 'eid-awaiting eid-awaiting--open' : 'eid-awaiting',
    children: <Awaiting rows={awaiting.samples} />,
  };
  return {
    alert: awaiting.count > 0 && (
      <Alert type="error" showIcon className="eid-alert" title={t('eid:alert.dashboard', { count: awaiting.count })} description={t('eid:alert.action')} />
    ),
    tiles: describeTiles(EID_TILES, data, t, i18n, 'eid'),
    cards:
      totals.tests === 0
        ? [awaitingCard, emptyCard(t('eid:dashboard.empty'))]
        : [
            awaitingCard,
            ...(['by_age_band', 'by_entry_point', 'by_pcr_sequence', 'by_state'] as const).map(
              (b): DashboardCard => ({
                key: b,
                title: t(`eid:dashboard.${b}`),
                width: 'half',
                children: <BreakdownTable breakdown={b} rows={data[b] as BreakdownRow[]} />,
              }),
            ),
            {
              key: 'byStatus',
              title: t('eid:dashboard.byStatus'),
              width: 'third',
              children: (
                <BarChart
                  label={t('eid:dashboard.byStatus')}
                  categoryTitle={t('eid:dashboard.status')}
                  categories={data.by_status.map((s) => ({ key: String(s.test_order_status), label: statusText(tc, s.test_order_status) }))}
                  series={[{ key: 'count', label: t('eid:dashboard.column.tests'), values: data.by_status.map((s) => s.count) }]}
                />
              ),
            },
            {
              key: 'rejections',
              title: t('eid:dashboard.rejections'),
              width: 'third',
              children: (
                <BarChart
                  label={t('eid:dashboard.rejections')}
                  categoryTitle={t('eid:dashboard.reason')}
                  categories={data.rejections.map((r) => ({ key: r.code || r.reason, label: r.reason }))}
                  series={[{ key: 'count', label: t('eid:dashboard.samples'), values: data.rejections.map((r) => r.count) }]}
                />
              ),
            },
            {
              key: 'turnaround',
              title: t('eid:dashboard.turnaroundTitle'),
              width: 'third',
              children: (
                <dl className="eid-tat">
                  <dt>{t('eid:dashboard.tatMedian')}</dt>
                  <dd>{days(tat.median_days)}</dd>
                  <dt>{t('eid:dashboard.tatP90')}</dt>
                  <dd>{days(tat.p90_days)}</dd>
                  <dt>{t('eid:dashboard.tatToReceipt')}</dt>
                  <dd>{days(tat.collection_to_receipt_median_days)}</dd>
                  <dt>{t('eid:dashboard.tatToRelease')}</dt>
                  <dd>{days(tat.receipt_to_release_median_days)}</dd>
                </dl>
              ),
            },
          ],
  };
}

/** Tests, released, detected and positivity per row of a breakdown. */
function BreakdownTable({ breakdown, rows }: { breakdown: Breakdown; rows: BreakdownRow[] }) {
  const { t } = useTranslation('eid');
  // On a phone the released count gives way, and what is left scrolls rather than being cut.
  const wide = useMediaQuery(TABLET_UP);
  return (
    <Table<BreakdownRow>
      size="small"
      pagination={false}
      rowKey={(r) => rowLabel(t, breakdown, r)}
      dataSource={breakdown === 'by_age_band' ? rows.filter((r) => r.band !== 'unknown' || r.tests > 0) : rows}
      scroll={wide ? undefined : { x: 'max-content' }}
      columns={[
        { key: 'label', title: t(`dashboard.column.${breakdown}`), render: (_, r) => rowLabel(t, breakdown, r) },
        { key: 'tests', title: t('dashboard.column.tests'), dataIndex: 'tests', align: 'end' },
        ...(wide ? [{ key: 'released', title: t('dashboard.column.released'), dataIndex: 'released' as const, align: 'end' as const }] : []),
        {
          key: 'detected',
          title: t('dashboard.column.detected'),
          align: 'end',
          render: (_, r) => (r.detected ? <strong className="eid-detected">{r.detected}</strong> : 0),
        },
        { key: 'positivity', title: t('dashboard.column.positivity'), align: 'end', render: (_, r) => percentText(r.positivity_percent) },
      ]}
    />
  );
}

/** The released detected PCRs whose confirmatory request is not made yet, oldest first. */
function Awaiting({ rows }: { rows: EidDashboard['awaiting_confirmation']['samples'] }) {
  const { t } = useTranslation('eid');
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noneAwaiting')} />;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="id"
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'barcode', title: t('dashboard.column.sample'), render: (_, r) => <span className="clin-lab-number">{r.barcode}</span> },
        {
          key: 'client',
          title: t('dashboard.column.infant'),
          render: (_, r) => (
            <span>
              {r.client_name} <Tag color="red">{t('alert.tag')}</Tag>
            </span>
          ),
        },
        { key: 'hei', title: t('field.exposed_infant_number'), render: (_, r) => <bdi dir="ltr">{r.exposed_infant_number ?? '—'}</bdi> },
        { key: 'pcr', title: t('field.pcr_sequence'), render: (_, r) => eidChoiceText(t, 'pcr_sequence', r.pcr_sequence) },
        { key: 'age', title: t('dashboard.column.age'), render: (_, r) => (r.age_weeks == null ? '—' : t('age.weeks', { count: r.age_weeks })) },
        { key: 'released', title: t('dashboard.column.releasedAt'), render: (_, r) => formatDateTime(r.released_at) },
      ]}
    />
  );
}
