import { TB_DASHBOARD_DEFAULT_DAYS, TB_TILES, TB_PERIODICITIES, type TbDashboard, type TbPeriodicity } from '@nlims/contracts';
import { Empty, Select, Table, Tag } from 'antd';
import type { i18n as I18n, TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_COLOR, BarChart, TimeSeriesChart } from '../../shared/charts';
import { type DashboardCard, DashboardShell, type DashboardView, emptyCard } from '../analytics/DashboardShell';
import { describeTiles } from '../analytics/tiles';
import { formatDate } from '../../shared/format/format';
import { statusText } from '../../shared/status/status';
import type { PageProps } from '../../shared/page/pageProps';
import { type TbDashboardQuery, useTbDashboard } from './api';
import { defaultPeriod, percentText, periodText } from '../../shared/format/figures';
import { TbFilterBar } from './TbFilterBar';
import './tb.css';

type TestType = TbDashboard['by_test_type'][number];
const MEASURES = ['samples', 'tests', 'released', 'mtb_detected'] as const;
/** The browser tests count the backlog's statuses and the series' periods by this class on their tables' rows. */
const ROW_CLASS = 'dash__row';

/**
 * The Tuberculosis laboratory's dashboard (`facility_tb_dashboard/`): over the
 * TB samples registered in the period (the last 30 days unless chosen), the
 * samples and tests, MTB positivity, requests with rifampicin resistance
 * (RR-TB, MDR-TB), turnaround, results by test type and value, and a series;
 * beside them the open tests by status now.
 */
export default function TbDashboardPage({ page }: PageProps) {
  const { t, i18n } = useTranslation('tbAnalytics');
  const { t: tc } = useTranslation('clinical');
  const [query, setQuery] = useState<TbDashboardQuery>(() => defaultPeriod(TB_DASHBOARD_DEFAULT_DAYS));
  const result = useTbDashboard(query);
  const set = (change: TbDashboardQuery) => setQuery((q) => ({ ...q, ...change }));

  return (
    <DashboardShell
      referral
      page={page}
      family="tb"
      className="tb-dash"
      query={result}
      texts={{ loading: t('dashboard.loading'), error: t('dashboard.error') }}
      filters={
        <TbFilterBar value={query} onChange={set}>
          <Select<TbPeriodicity | undefined>
            allowClear
            placeholder={t('periodicity.auto')}
            aria-label={t('periodicity.label')}
            value={query.periodicity}
            onChange={(periodicity) => set({ periodicity })}
            options={TB_PERIODICITIES.map((p) => ({ value: p, label: t(`periodicity.${p}`) }))}
          />
        </TbFilterBar>
      }
      period={(data) => t('dashboard.period', { start: formatDate(data.start_date), end: formatDate(data.end_date) })}
      view={(data) => tbView(data, t, tc, i18n)}
    />
  );
}

/** The period's figures: headline tiles, results by test type, the backlog and the series (the backlog even in an empty period). */
function tbView(data: TbDashboard, t: TFunction, tc: TFunction, i18n: I18n): DashboardView {
  const { totals } = data;
  const open = [...data.backlog].sort((a, b) => a.test_order_status - b.test_order_status);
  const backlog: DashboardCard = {
    key: 'backlog',
    title: t('dashboard.backlog'),
    width: 'narrow',
    className: 'tb-dash__backlog',
    children: (
      <>
        <p className="clin-muted dash__note">{t('dashboard.backlogNote')}</p>
        {open.length ? (
          <BarChart
            label={t('dashboard.backlog')}
            categoryTitle={t('dashboard.status')}
            categories={open.map((s) => ({ key: String(s.test_order_status), label: statusText(tc, s.test_order_status) }))}
            series={[{ key: 'count', label: t('dashboard.count'), values: open.map((s) => s.count) }]}
            rowClassName={ROW_CLASS}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noBacklog')} />
        )}
      </>
    ),
  };
  if (totals.samples === 0 && totals.tests === 0) return { cards: [emptyCard(t('dashboard.empty'), 'wide'), backlog] };

  const seriesTitle = t(`series.${data.periodicity}`);
  return {
    tiles: describeTiles(TB_TILES, data, t, i18n, 'tbAnalytics'),
    cards: [
      {
        key: 'byTestType',
        title: t('dashboard.byTestType'),
        width: 'wide',
        children: data.by_test_type.length ? (
          <div className="tb-types">
            {data.by_test_type.map((type) => (
              <TestTypeResults key={type.test_type} type={type} />
            ))}
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ),
      },
      backlog,
      {
        key: 'series',
        title: seriesTitle,
        className: 'tb-dash__series',
        children: (
          <TimeSeriesChart
            label={seriesTitle}
            x={data.series.map((p) => p.period)}
            xText={(period) => periodText(t, period, data.periodicity, 'tbAnalytics')}
            series={MEASURES.map((m) => ({
              key: m,
              label: t(`measure.${m}`),
              values: data.series.map((p) => p[m]),
              color: m === 'mtb_detected' ? ALERT_COLOR : undefined,
            }))}
            rowClassName={ROW_CLASS}
          />
        ),
      },
    ],
  };
}

/** One test type: its counts and positivity, then its key member's released values with their counts. */
function TestTypeResults({ type }: { type: TestType }) {
  const { t } = useTranslation('tbAnalytics');
  return (
    <section className="tb-type">
      <header className="tb-type__head">
        <strong>{type.name}</strong>
        <span className="clin-muted">
          {t('dashboard.typeNote', { tests: type.tests, released: type.released, rejected: type.rejected })}
          {type.positivity_percent != null && ` · ${t('dashboard.typePositivity', { percent: percentText(type.positivity_percent) })}`}
        </span>
      </header>
      <Table
        size="small"
        pagination={false}
        rowKey="value"
        dataSource={type.results}
        locale={{ emptyText: t('dashboard.noReleased') }}
        columns={[
          {
            key: 'value',
            title: t('dashboard.result'),
            render: (_, r) => (
              <span className="tb-type__value">
                <bdi dir="ltr">{r.value}</bdi> {r.mtb_detected && <Tag color="red">{t('dashboard.mtbDetected')}</Tag>}
              </span>
            ),
          },
          { key: 'count', title: t('dashboard.count'), dataIndex: 'count', align: 'end', width: 80 },
          {
            key: 'share',
            title: t('dashboard.share'),
            align: 'end',
            width: 80,
            render: (_, r) => percentText(type.released ? Math.round((r.count / type.released) * 1000) / 10 : null),
          },
        ]}
      />
    </section>
  );
}
