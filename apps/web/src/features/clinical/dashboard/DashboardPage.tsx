import { type ClinicalDashboard, GENERAL_TILES } from '@nlims/contracts';
import { Table } from 'antd';
import type { i18n as I18n, TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { BarChart, TimeSeriesChart } from '../../../shared/charts';
import { DashboardShell, type DashboardView } from '../../analytics/DashboardShell';
import { describeTiles } from '../../analytics/tiles';
import type { PageProps } from '../../../shared/page/pageProps';
import { useDashboard } from '../api';
import { formatDate, formatDateTime } from '../../../shared/format/format';
import { statusText, TestStatusTag } from '../../../shared/status/status';

type Overdue = ClinicalDashboard['overdue']['items'][number];

/** Today's workload, samples and results by status, turnaround against the TAT, overdue tests and the last 14 days of orders. */
export default function DashboardPage({ page }: PageProps) {
  const { t, i18n } = useTranslation('clinical');
  return (
    <DashboardShell
      page={page}
      family="general"
      query={useDashboard()}
      texts={{ loading: t('common.loading'), error: t('dashboard.error') }}
      view={(data) => generalView(data, t, i18n)}
    />
  );
}

function generalView(data: ClinicalDashboard, t: TFunction, i18n: I18n): DashboardView {
  const byStatus = [...data.by_status].sort((a, b) => a.test_order_status - b.test_order_status);
  return {
    tiles: describeTiles(GENERAL_TILES, data, t, i18n, 'clinical'),
    cards: [
      {
        key: 'byStatus',
        title: t('dashboard.byStatus'),
        width: 'half',
        children: (
          <BarChart
            label={t('dashboard.byStatus')}
            categoryTitle={t('samples.status')}
            categories={byStatus.map((s) => ({ key: String(s.test_order_status), label: statusText(t, s.test_order_status) }))}
            series={[{ key: 'count', label: t('dashboard.count'), values: byStatus.map((s) => s.count) }]}
          />
        ),
      },
      {
        key: 'daily',
        title: t('dashboard.daily'),
        width: 'half',
        children: (
          <TimeSeriesChart
            label={t('dashboard.daily')}
            x={data.daily.map((d) => d.day)}
            xText={formatDate}
            series={[{ key: 'orders', label: t('dashboard.orders'), values: data.daily.map((d) => d.count), type: 'bar' }]}
          />
        ),
      },
      {
        key: 'overdue',
        title: t('dashboard.overdueTests', { count: data.overdue.count }),
        children: (
          <>
            <Table<Overdue>
              rowKey={(r) => `${r.id}-${r.test}`}
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.overdue.items}
              locale={{ emptyText: t('dashboard.noOverdue') }}
              columns={[
                { key: 'lab', title: t('samples.labNumber'), render: (_, r) => <span className="clin-lab-number">{r.lab_number}</span> },
                { key: 'test', title: t('samples.test'), dataIndex: 'test' },
                { key: 'due', title: t('samples.due'), render: (_, r) => <span className="clin-overdue">{formatDateTime(r.due_at)}</span> },
                { key: 'status', title: t('samples.status'), render: (_, r) => <TestStatusTag status={r.status} /> },
              ]}
            />
            {data.overdue.count > data.overdue.items.length && (
              <p className="clin-muted">{t('dashboard.showingFirst', { count: data.overdue.items.length })}</p>
            )}
          </>
        ),
      },
    ],
  };
}
