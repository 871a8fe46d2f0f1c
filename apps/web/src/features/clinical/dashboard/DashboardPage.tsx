import { CheckCircleOutlined, ClockCircleOutlined, ExperimentOutlined, FieldTimeOutlined, InboxOutlined, WarningOutlined } from '@ant-design/icons';
import { Card, Col, Row, Skeleton, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../pages/pageProps';
import { useDashboard } from '../api';
import { ClinicalPage } from '../common/ClinicalPage';
import { formatDate, formatDateTime } from '../common/format';
import { statusText, TestStatusTag } from '../common/status';
import type { Dashboard } from '../types';
import { Bars } from '../common/Bars';
import './dashboard.css';

type Overdue = Dashboard['overdue']['items'][number];

/** Today's workload, samples and results by status, turnaround against the TAT, overdue tests and the last 14 days of orders. */
export default function DashboardPage({ page }: PageProps) {
  const { t } = useTranslation('clinical');
  const { data } = useDashboard();
  if (!data) {
    return (
      <ClinicalPage page={page}>
        <Skeleton active />
      </ClinicalPage>
    );
  }
  const stats = [
    { key: 'ordered', icon: <ExperimentOutlined />, value: data.today.ordered },
    { key: 'received', icon: <InboxOutlined />, value: data.today.received },
    { key: 'approved', icon: <CheckCircleOutlined />, value: data.today.approved },
    { key: 'withinTat', icon: <FieldTimeOutlined />, value: data.tat.within_percent ?? '—', suffix: data.tat.within_percent == null ? undefined : '%' },
    {
      key: 'medianTat',
      icon: <ClockCircleOutlined />,
      value: data.tat.median_hours ?? '—',
      suffix: data.tat.median_hours == null ? undefined : t('dashboard.hours'),
    },
    { key: 'overdue', icon: <WarningOutlined />, value: data.overdue.count },
  ];
  const byStatus = [...data.by_status]
    .sort((a, b) => a.test_order_status - b.test_order_status)
    .map((s) => ({ key: String(s.test_order_status), label: statusText(t, s.test_order_status), value: s.count }));
  return (
    <ClinicalPage page={page} className="clin-dash">
      <Row gutter={[16, 16]}>
        {stats.map((s) => (
          <Col key={s.key} xs={12} md={8} xl={4}>
            <Card className="clin-dash__stat">
              <Statistic
                title={t(`dashboard.${s.key}`)}
                value={s.value}
                prefix={s.icon}
                suffix={s.suffix}
                styles={s.key === 'overdue' && data.overdue.count ? { content: { color: '#cf1322' } } : undefined}
              />
            </Card>
          </Col>
        ))}
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.byStatus')}>
            <Bars bars={byStatus} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.daily')}>
            <Bars bars={data.daily.map((d) => ({ key: d.day, label: formatDate(d.day), value: d.count }))} />
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={t('dashboard.overdueTests', { count: data.overdue.count })}>
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
          </Card>
        </Col>
      </Row>
    </ClinicalPage>
  );
}
