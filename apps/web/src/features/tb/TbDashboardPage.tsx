import { ClockCircleOutlined, ExperimentOutlined, FieldTimeOutlined, InboxOutlined, PieChartOutlined, WarningOutlined } from '@ant-design/icons';
import { TB_DASHBOARD_DEFAULT_DAYS, TB_PERIODICITIES, type TbDashboard, type TbPeriodicity } from '@nlims/contracts';
import { Card, Col, Empty, Row, Segmented, Select, Spin, Table, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bars } from '../clinical/common/Bars';
import { ClinicalPage } from '../clinical/common/ClinicalPage';
import { formatDate } from '../clinical/common/format';
import { statusText } from '../clinical/common/status';
import type { PageProps } from '../pages/pageProps';
import { type TbDashboardQuery, useTbDashboard } from './api';
import { defaultPeriod, percentText, periodText } from './labels';
import { LoadError } from './LoadError';
import { TbFilterBar } from './TbFilterBar';
import './tb.css';
import { type StatTile, StatTiles } from '../analytics/StatTiles';

type TestType = TbDashboard['by_test_type'][number];
type Measure = 'samples' | 'tests' | 'released' | 'mtb_detected';
const MEASURES: Measure[] = ['samples', 'tests', 'released', 'mtb_detected'];

/** A tile's figures; its title is the catalog's `dashboard.<key>`. */
type Stat = Omit<StatTile, 'title'>;

/**
 * The Tuberculosis laboratory's dashboard (`facility_tb_dashboard/`): over the
 * TB samples registered in the period (the last 30 days unless chosen), the
 * samples and tests, MTB positivity, requests with rifampicin resistance
 * (RR-TB, MDR-TB), turnaround, results by test type and value, and a series;
 * beside them the open tests by status now.
 */
export default function TbDashboardPage({ page }: PageProps) {
  const { t } = useTranslation('tbAnalytics');
  const [query, setQuery] = useState<TbDashboardQuery>(() => defaultPeriod(TB_DASHBOARD_DEFAULT_DAYS));
  const [measure, setMeasure] = useState<Measure>('samples');
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useTbDashboard(query);
  const set = (change: TbDashboardQuery) => setQuery((q) => ({ ...q, ...change }));

  const filters = (
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
  );

  let body: ReactNode;
  if (!data && isPending) body = <Spin size="large" className="clin-loading" aria-label={t('dashboard.loading')} />;
  else if (!data) body = <LoadError title={t('dashboard.error')} error={error} onRetry={() => void refetch()} />;
  else body = <Figures data={data} measure={measure} onMeasure={setMeasure} />;

  return (
    <ClinicalPage page={page} className="tb-dash">
      {filters}
      {data && error && <LoadError title={t('dashboard.error')} error={error} onRetry={() => void refetch()} />}
      <Spin spinning={isFetching && isPlaceholderData} delay={200}>
        <div className="tb-dash__body" aria-busy={isFetching}>
          {data && (
            <p className="clin-muted tb-dash__period" data-testid="tb-period">
              {t('dashboard.period', { start: formatDate(data.start_date), end: formatDate(data.end_date) })}
            </p>
          )}
          {body}
        </div>
      </Spin>
    </ClinicalPage>
  );
}

/** The period's figures: headline cards, results by test type, the backlog and the series. */
function Figures({ data, measure, onMeasure }: { data: TbDashboard; measure: Measure; onMeasure: (m: Measure) => void }) {
  const { t } = useTranslation('tbAnalytics');
  const { t: tc } = useTranslation('clinical');
  const { totals, rr_tb: rr, turnaround: tat } = data;
  const backlog = (
    <Card title={t('dashboard.backlog')} className="tb-dash__backlog">
      <p className="clin-muted tb-dash__note">{t('dashboard.backlogNote')}</p>
      {data.backlog.length ? (
        <Bars
          bars={[...data.backlog]
            .sort((a, b) => a.test_order_status - b.test_order_status)
            .map((s) => ({ key: String(s.test_order_status), label: statusText(tc, s.test_order_status), value: s.count }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noBacklog')} />
      )}
    </Card>
  );
  if (totals.samples === 0 && totals.tests === 0) {
    return (
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card>
            <Empty description={t('dashboard.empty')} />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          {backlog}
        </Col>
      </Row>
    );
  }
  const stats: Stat[] = [
    { key: 'samples', icon: <InboxOutlined />, value: totals.samples, note: t('dashboard.samplesNote') },
    {
      key: 'tests',
      icon: <ExperimentOutlined />,
      value: totals.tests,
      note: t('dashboard.testsNote', { released: totals.released, rejected: totals.rejected }),
    },
    {
      key: 'positivity',
      icon: <PieChartOutlined />,
      value: totals.positivity_percent ?? '—',
      suffix: totals.positivity_percent == null ? undefined : '%',
      note: t('dashboard.positivityNote', { detected: totals.mtb_detected, released: totals.released }),
    },
    { key: 'rrTb', icon: <WarningOutlined />, value: rr.count, note: t('dashboard.rrTbNote', { mdr: rr.mdr_tb }), alert: true },
    {
      key: 'medianTat',
      icon: <ClockCircleOutlined />,
      value: tat.median_hours ?? '—',
      suffix: tat.median_hours == null ? undefined : tc('dashboard.hours'),
      note: t('dashboard.medianTatNote', { approved: tat.approved }),
    },
    {
      key: 'withinDue',
      icon: <FieldTimeOutlined />,
      value: tat.within_percent ?? '—',
      suffix: tat.within_percent == null ? undefined : '%',
      note: t('dashboard.withinDueNote', { within: tat.within, approved: tat.approved }),
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      <StatTiles tiles={stats.map((s) => ({ ...s, title: t(`dashboard.${s.key}`) }))} testId="tb-stat" />
      <Col xs={24} xl={14}>
        <Card title={t('dashboard.byTestType')}>
          {data.by_test_type.length ? (
            <div className="tb-types">
              {data.by_test_type.map((type) => (
                <TestTypeResults key={type.test_type} type={type} />
              ))}
            </div>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        {backlog}
      </Col>
      <Col xs={24}>
        <Card title={t(`series.${data.periodicity}`)} className="tb-dash__series">
          <Segmented<Measure>
            className="tb-dash__measure"
            value={measure}
            onChange={onMeasure}
            options={MEASURES.map((m) => ({ value: m, label: t(`measure.${m}`) }))}
          />
          <Bars bars={data.series.map((p) => ({ key: p.period, label: periodText(t, p.period, data.periodicity), value: p[measure] }))} />
        </Card>
      </Col>
    </Row>
  );
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
