import { AlertOutlined, ClockCircleOutlined, ExperimentOutlined, InboxOutlined, PieChartOutlined, StopOutlined } from '@ant-design/icons';
import type { PhDashboard } from '@nlims/contracts';
import { Card, Col, Empty, Row, Segmented, Spin, Table } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bars } from '../clinical/common/Bars';
import { ClinicalPage } from '../clinical/common/ClinicalPage';
import { formatDate } from '../clinical/common/format';
import { useProgramme } from '../clinical/programme';
import type { PageProps } from '../pages/pageProps';
import { defaultPeriod, percentText } from '../tb/labels';
import { LoadError } from '../tb/LoadError';
import { type PhFilters, usePhDashboard } from './api';
import { diseaseText } from './labels';
import { PhFilterBar } from './PhFilterBar';
import '../tb/tb.css';
import './ph.css';
import { type StatTile, StatTiles } from '../analytics/StatTiles';

/** The dashboards of the programmes whose data analysts SPEC §4 lands here. */
const OWN_DASHBOARDS = {
  tb: lazy(() => import('../tb/TbDashboardPage')),
  eid: lazy(() => import('../eid/EidDashboardPage')),
  vl: lazy(() => import('../vl/VlDashboardPage')),
};

type Measure = 'tests' | 'released' | 'positive';
const MEASURES: Measure[] = ['tests', 'released', 'positive'];
const NOTIFY_PATH = '/programs/ph-notify';

/**
 * `/programs/ph-dashboard`. For a public-health programme, the laboratory's
 * public-health dashboard (`facility_general_program_dashboard/`). SPEC §4
 * lands the data analysts of TB, EID and Viral Load here too: for
 * Tuberculosis, EID and Viral Load it shows that programme's own dashboard.
 */
export default function PhDashboardPage(props: PageProps) {
  const programme = useProgramme();
  const Own = programme.family === 'tb' || programme.family === 'eid' || programme.family === 'vl' ? OWN_DASHBOARDS[programme.family] : null;
  if (Own)
    return (
      <Suspense fallback={<Spin className="clin-loading" />}>
        <Own {...props} />
      </Suspense>
    );
  return <PublicHealthDashboard {...props} />;
}

function PublicHealthDashboard({ page }: PageProps) {
  const { t } = useTranslation('ph');
  const [query, setQuery] = useState<PhFilters>(() => defaultPeriod(30));
  const [measure, setMeasure] = useState<Measure>('positive');
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = usePhDashboard(query);
  const set = (change: PhFilters) => setQuery((q) => ({ ...q, ...change }));

  let body: ReactNode;
  if (!data && isPending) body = <Spin size="large" className="clin-loading" aria-label={t('dashboard.loading')} />;
  else if (!data) body = <LoadError title={t('dashboard.error')} error={error} onRetry={() => void refetch()} />;
  else body = <Figures data={data} measure={measure} onMeasure={setMeasure} />;
  return (
    <ClinicalPage page={page} className="tb-dash ph-dash">
      <PhFilterBar value={query} onChange={set} />
      {data && error && <LoadError title={t('dashboard.error')} error={error} onRetry={() => void refetch()} />}
      <Spin spinning={isFetching && isPlaceholderData} delay={200}>
        <div className="tb-dash__body" aria-busy={isFetching}>
          {data && (
            <p className="clin-muted tb-dash__period" data-testid="ph-period">
              {t('dashboard.period', { start: formatDate(data.start_date), end: formatDate(data.end_date) })}
            </p>
          )}
          {body}
        </div>
      </Spin>
    </ClinicalPage>
  );
}

function Figures({ data, measure, onMeasure }: { data: PhDashboard; measure: Measure; onMeasure: (m: Measure) => void }) {
  const { t } = useTranslation('ph');
  const { t: tc } = useTranslation('clinical');
  const { totals, turnaround: tat } = data;
  // The positives of notifiable diseases still to notify, with the way to the list.
  const toNotify: StatTile = {
    key: 'toNotify',
    title: t('dashboard.toNotify'),
    icon: <AlertOutlined />,
    value: totals.to_notify,
    note: <Link to={NOTIFY_PATH}>{t('dashboard.toNotifyLink')}</Link>,
    alert: totals.to_notify > 0,
  };
  if (totals.samples === 0) {
    return (
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card>
            <Empty description={t('dashboard.empty')} />
          </Card>
        </Col>
        <StatTiles tiles={[{ ...toNotify, xl: 8 }]} testId="ph-stat" />
      </Row>
    );
  }
  const stats = [
    { key: 'samples', icon: <InboxOutlined />, value: totals.samples, note: t('dashboard.samplesNote') },
    { key: 'tests', icon: <ExperimentOutlined />, value: totals.tests, note: t('dashboard.testsNote', { released: totals.released }) },
    {
      key: 'positivity',
      icon: <PieChartOutlined />,
      value: totals.positivity_percent ?? '—',
      suffix: totals.positivity_percent == null ? undefined : '%',
      note: t('dashboard.positivityNote', { positive: totals.positive, released: totals.released }),
    },
    { key: 'rejected', icon: <StopOutlined />, value: totals.rejected_samples, note: t('dashboard.rejectedNote') },
    {
      key: 'medianTat',
      icon: <ClockCircleOutlined />,
      value: tat.median_hours ?? '—',
      suffix: tat.median_hours == null ? undefined : tc('dashboard.hours'),
      note: t('dashboard.medianTatNote', { within: percentText(tat.within_percent), approved: tat.approved }),
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      <StatTiles tiles={[...stats.map((s) => ({ ...s, title: t(`dashboard.${s.key}`) })), toNotify]} testId="ph-stat" />
      <Col xs={24} xl={14}>
        <Card title={t('dashboard.byDisease')}>
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
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t('dashboard.byLga')}>
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
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card title={t(`dashboard.series.${data.periodicity}`)} className="tb-dash__series">
          <Segmented<Measure>
            className="tb-dash__measure"
            value={measure}
            onChange={onMeasure}
            options={MEASURES.map((m) => ({ value: m, label: t(`dashboard.${m}`) }))}
          />
          <Bars bars={data.series.map((p) => ({ key: p.period, label: formatDate(p.period), value: p[measure] }))} />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t('dashboard.rejectionReasons')}>
          {data.rejection_reasons.length ? (
            <Bars bars={data.rejection_reasons.map((r) => ({ key: r.reason, label: r.reason, value: r.count }))} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noRejections')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
