import { AlertOutlined } from '@ant-design/icons';
import { FAMILIES, type FamilyDefinition, PH_TILES, type PhDashboard } from '@nlims/contracts';
import { Empty, Spin, Table } from 'antd';
import type { i18n as I18n, TFunction } from 'i18next';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALERT_COLOR, BarChart, TimeSeriesChart } from '../../shared/charts';
import { DashboardShell, type DashboardView, emptyCard } from '../analytics/DashboardShell';
import type { StatTile } from '../analytics/StatTiles';
import { describeTiles } from '../analytics/tiles';
import { formatDate } from '../../shared/format/format';
import { useProgramme } from '../clinical/programme';
import type { PageProps } from '../../shared/page/pageProps';
import { defaultPeriod, percentText } from '../../shared/format/figures';
import { type PhFilters, usePhDashboard } from './api';
import { diseaseText } from './labels';
import { PhFilterBar } from './PhFilterBar';
import './ph.css';

/** The families' own dashboards, by the dashboard their definition names: SPEC §4 lands their data analysts here. */
const OWN_DASHBOARDS: Partial<Record<FamilyDefinition['dashboard'], ReturnType<typeof lazy<(props: PageProps) => ReactNode>>>> = {
  facility_tb_dashboard: lazy(() => import('../tb/TbDashboardPage')),
  facility_eid_dashboard: lazy(() => import('../eid/EidDashboardPage')),
  facility_vl_dashboard: lazy(() => import('../vl/VlDashboardPage')),
};

const MEASURES = ['tests', 'released', 'positive'] as const;
const NOTIFY_PATH = '/programs/ph-notify';

/**
 * `/programs/ph-dashboard`. For a public-health programme, the laboratory's
 * public-health dashboard (`facility_general_program_dashboard/`). SPEC §4
 * lands the data analysts of TB, EID and Viral Load here too: for
 * Tuberculosis, EID and Viral Load it shows that programme's own dashboard.
 */
export default function PhDashboardPage(props: PageProps) {
  const programme = useProgramme();
  const Own = OWN_DASHBOARDS[FAMILIES[programme.family].dashboard];
  if (Own)
    return (
      <Suspense fallback={<Spin className="clin-loading" />}>
        <Own {...props} />
      </Suspense>
    );
  return <PublicHealthDashboard {...props} />;
}

function PublicHealthDashboard({ page }: PageProps) {
  const { t, i18n } = useTranslation('ph');
  const [query, setQuery] = useState<PhFilters>(() => defaultPeriod(30));
  const result = usePhDashboard(query);
  const set = (change: PhFilters) => setQuery((q) => ({ ...q, ...change }));
  return (
    <DashboardShell
      referral
      page={page}
      family="ph"
      className="ph-dash"
      query={result}
      texts={{ loading: t('dashboard.loading'), error: t('dashboard.error') }}
      filters={<PhFilterBar value={query} onChange={set} />}
      period={(data) => t('dashboard.period', { start: formatDate(data.start_date), end: formatDate(data.end_date) })}
      view={(data) => phView(data, t, i18n)}
    />
  );
}

/** The period's figures: tiles with the positives still to notify, by disease and LGA, the series and the rejections. */
function phView(data: PhDashboard, t: TFunction, i18n: I18n): DashboardView {
  const { totals } = data;
  // The positives of notifiable diseases still to notify, with the way to the list.
  const toNotify: StatTile = {
    key: 'toNotify',
    title: t('dashboard.toNotify'),
    icon: <AlertOutlined />,
    value: totals.to_notify,
    note: <Link to={NOTIFY_PATH}>{t('dashboard.toNotifyLink')}</Link>,
    alert: totals.to_notify > 0,
  };
  if (totals.samples === 0) return { tiles: [toNotify], cards: [emptyCard(t('dashboard.empty'))] };
  const seriesTitle = t(`dashboard.series.${data.periodicity}`);
  return {
    tiles: [...describeTiles(PH_TILES, data, t, i18n, 'ph'), toNotify],
    cards: [
      {
        key: 'byDisease',
        title: t('dashboard.byDisease'),
        width: 'wide',
        children: (
          <Table
            size="small"
            pagination={false}
            rowKey="program"
            dataSource={data.by_disease}
            scroll={{ x: true }}
            columns={[
              { key: 'program', title: t('dashboard.disease'), render: (_, d) => diseaseText(t, d.program) },
              { key: 'samples', title: t('dashboard.samples'), dataIndex: 'samples', align: 'end' },
              { key: 'tests', title: t('dashboard.tests'), dataIndex: 'tests', align: 'end' },
              { key: 'released', title: t('dashboard.released'), dataIndex: 'released', align: 'end' },
              { key: 'positive', title: t('dashboard.positive'), dataIndex: 'positive', align: 'end' },
              { key: 'positivity', title: t('dashboard.positivity'), align: 'end', render: (_, d) => percentText(d.positivity_percent) },
              { key: 'rejected', title: t('dashboard.rejected'), dataIndex: 'rejected_samples', align: 'end' },
            ]}
          />
        ),
      },
      {
        key: 'byLga',
        title: t('dashboard.byLga'),
        width: 'narrow',
        children: (
          <Table
            size="small"
            pagination={false}
            rowKey={(r) => `${r.state}-${r.lga}`}
            dataSource={data.by_lga}
            columns={[
              { key: 'lga', title: t('dashboard.lga'), render: (_, r) => (r.lga ? `${r.lga}${r.state ? `, ${r.state}` : ''}` : t('dashboard.noLga')) },
              { key: 'tests', title: t('dashboard.tests'), dataIndex: 'tests', align: 'end' },
              { key: 'positive', title: t('dashboard.positive'), dataIndex: 'positive', align: 'end' },
            ]}
          />
        ),
      },
      {
        key: 'series',
        title: seriesTitle,
        width: 'wide',
        children: (
          <TimeSeriesChart
            label={seriesTitle}
            x={data.series.map((p) => p.period)}
            xText={formatDate}
            series={MEASURES.map((m) => ({
              key: m,
              label: t(`dashboard.${m}`),
              values: data.series.map((p) => p[m]),
              color: m === 'positive' ? ALERT_COLOR : undefined,
            }))}
          />
        ),
      },
      {
        key: 'rejections',
        title: t('dashboard.rejectionReasons'),
        width: 'narrow',
        children: data.rejection_reasons.length ? (
          <BarChart
            label={t('dashboard.rejectionReasons')}
            categoryTitle={t('dashboard.reason')}
            categories={data.rejection_reasons.map((r) => ({ key: r.reason, label: r.reason }))}
            series={[{ key: 'count', label: t('dashboard.samples'), values: data.rejection_reasons.map((r) => r.count) }]}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noRejections')} />
        ),
      },
    ],
  };
}
