import { AlertOutlined, ClockCircleOutlined, DownloadOutlined, InboxOutlined, PieChartOutlined, TeamOutlined } from '@ant-design/icons';
import {
  groupDigits,
  VL_DASHBOARD_DEFAULT_DAYS,
  VL_DIMENSIONS,
  VL_FORM_CHOICES,
  type VlDashboard,
  type VlDimension,
  type VlGroup,
  vlCutoffs,
} from '@nlims/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Spin, Table } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { Bars } from '../clinical/common/Bars';
import { ClinicalPage } from '../clinical/common/ClinicalPage';
import { formatDate, todayLagos } from '../clinical/common/format';
import { downloadFile } from '../clinical/common/pdf';
import { DateInput } from '../forms/DateInput';
import type { PageProps } from '../pages/pageProps';
import { LoadError } from '../tb/LoadError';
import { useCategoryText, useVlCutoffs } from './reading';
import './vl.css';
import { type StatTile, StatTiles } from '../analytics/StatTiles';

interface Period {
  start_date?: string;
  end_date?: string;
}

/** `GET facility_vl_dashboard/`: the figures of the period; the previous ones stay on screen while new ones load. */
function useVlDashboard(period: Period) {
  return useQuery({
    queryKey: ['vl', 'dashboard', period],
    queryFn: ({ signal }) => api<VlDashboard>('/api/facility_vl_dashboard/', { query: { ...period }, signal, notify: false }),
    placeholderData: keepPreviousData,
  });
}

/** A range or a band ("0–14", "< 20", "≥ 1,000") kept left to right inside Arabic text (a first-strong isolate around it). */
const ltr = (text: string) => `\u2066${text}\u2069`;

const percent = (value: number | null | undefined) => (value == null ? '—' : `${value}%`);

/** A group's key in the interface language: a sex, an age band, a line, yes/no, a state; "not recorded" for ''. */
function groupText(t: TFunction, dimension: VlDimension, key: string): string {
  if (key === '') return t('vl:group.notRecorded');
  switch (dimension) {
    case 'sex':
      return t(`vl:group.sex.${key}`, { defaultValue: key });
    case 'age_band':
      return ltr(key.replace('-', '–'));
    case 'regimen_line':
      return t(`vl:choice.regimen_line.${key}`, { defaultValue: VL_FORM_CHOICES.regimen_line.find((c) => c.value === key)?.label ?? key });
    case 'pregnant':
    case 'breastfeeding':
      return t(key === 'true' ? 'clinical:requestForm.yes' : 'clinical:requestForm.no');
    case 'state':
      return key;
  }
}

/**
 * The viral-load laboratory's dashboard (`facility_vl_dashboard/`), at
 * /programs/vl-dashboard and /dashboards/viral_load: over the VL samples
 * registered in the period (the dates are in the address, the last 30 days
 * unless chosen), released results by category and by Nigeria's reporting
 * bands, suppression by sex, age band, regimen line, pregnancy,
 * breastfeeding and state, coverage and turnaround; the period's results as
 * CSV (`vl_report/`).
 */
export default function VlDashboardPage({ page }: PageProps) {
  const { t } = useTranslation(['vl', 'clinical']);
  const [params, setParams] = useSearchParams();
  useVlCutoffs();
  const period: Period = {
    start_date: params.get('start_date') ?? undefined,
    end_date: params.get('end_date') ?? undefined,
  };
  const set = (change: Period) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(change)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useVlDashboard(period);
  const csv = () => {
    const query = new URLSearchParams(Object.entries(period).filter(([, v]) => v) as [string, string][]).toString();
    void downloadFile(`/api/vl_report/${query ? `?${query}` : ''}`, `vl-results-${todayLagos()}.csv`);
  };

  let body: ReactNode;
  if (!data && isPending) body = <Spin size="large" className="clin-loading" aria-label={t('dashboard.loading')} />;
  else if (!data) body = <LoadError title={t('dashboard.error')} error={error} onRetry={() => void refetch()} />;
  else body = <Figures data={data} />;

  return (
    <ClinicalPage page={page} className="vl-dash">
      <div className="clin-toolbar clin-no-print">
        <label className="clin-date">
          <span>{t('clinical:samples.from')}</span>
          <DateInput value={period.start_date} max={period.end_date} onChange={(start_date) => set({ start_date })} aria-label={t('clinical:samples.from')} />
        </label>
        <label className="clin-date">
          <span>{t('clinical:samples.to')}</span>
          <DateInput value={period.end_date} min={period.start_date} onChange={(end_date) => set({ end_date })} aria-label={t('clinical:samples.to')} />
        </label>
        <div className="vl-dash__actions">
          <Button icon={<DownloadOutlined />} onClick={csv} data-testid="vl-csv">
            {t('dashboard.csv')}
          </Button>
        </div>
      </div>
      {data && error && <LoadError title={t('dashboard.error')} error={error} onRetry={() => void refetch()} />}
      <Spin spinning={isFetching && isPlaceholderData} delay={200}>
        <div aria-busy={isFetching}>
          {data && (
            <p className="clin-muted vl-dash__period" data-testid="vl-period">
              {t('dashboard.period', { start: formatDate(data.start_date), end: formatDate(data.end_date), days: VL_DASHBOARD_DEFAULT_DAYS })}
            </p>
          )}
          {body}
        </div>
      </Spin>
    </ClinicalPage>
  );
}

/** A tile's figures; its title is the catalog's `dashboard.<key>`. */
type Stat = Omit<StatTile, 'title'>;

/** The period's figures: headline cards, categories and bands, the breakdowns, turnaround. */
function Figures({ data }: { data: VlDashboard }) {
  const { t } = useTranslation(['vl', 'clinical']);
  const category = useCategoryText();
  const { totals, turnaround: tat } = data;
  if (totals.samples === 0) {
    return (
      <Card>
        <Empty description={t('dashboard.empty')} />
      </Card>
    );
  }
  const hours = t('clinical:dashboard.hours');
  const stats: Stat[] = [
    {
      key: 'samples',
      icon: <InboxOutlined />,
      value: totals.samples,
      note: t('dashboard.samplesNote', { released: totals.released, rejected: totals.rejected }),
    },
    {
      key: 'suppression',
      icon: <PieChartOutlined />,
      value: totals.suppression_percent ?? '—',
      suffix: totals.suppression_percent == null ? undefined : '%',
      note: t('dashboard.suppressionNote', { suppressed: totals.undetectable + totals.suppressed, released: totals.released }),
    },
    {
      key: 'unsuppressed',
      icon: <AlertOutlined />,
      value: totals.unsuppressed,
      note: t('dashboard.unsuppressedNote', { awaiting: totals.awaiting_repeat }),
      alert: totals.unsuppressed > 0,
    },
    {
      key: 'coverage',
      icon: <TeamOutlined />,
      value: totals.coverage_percent ?? '—',
      suffix: totals.coverage_percent == null ? undefined : '%',
      note: t('dashboard.coverageNote', { withResult: totals.clients_with_result, clients: totals.clients }),
    },
    {
      key: 'turnaround',
      icon: <ClockCircleOutlined />,
      value: tat.collection_to_release_hours ?? '—',
      suffix: tat.collection_to_release_hours == null ? undefined : hours,
      note: t('dashboard.turnaroundNote', { released: tat.released, within: percent(tat.within_percent) }),
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      <StatTiles tiles={stats.map((s) => ({ ...s, title: t(`dashboard.${s.key}`), xl: s.key === 'samples' ? 4 : 5 }))} testId="vl-stat" />
      <Col xs={24} lg={12}>
        <Card title={t('dashboard.categories')}>
          <Bars bars={(['undetectable', 'suppressed', 'unsuppressed'] as const).map((c) => ({ key: c, label: t(`dashboard.cat.${c}`), value: totals[c] }))} />
          <p className="clin-muted vl-dash__note">
            {category('suppressed')} · {category('unsuppressed')}
          </p>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('dashboard.bands')}>
          <p className="clin-muted vl-dash__note">{t('dashboard.bandsNote')}</p>
          <Bars bars={data.bands.map((b) => ({ key: String(b.band), label: ltr(b.label), value: b.count }))} />
        </Card>
      </Col>
      <Col xs={24}>
        <Card title={t('dashboard.breakdowns')}>
          <p className="clin-muted vl-dash__note">{t('dashboard.breakdownsNote')}</p>
          <div className="vl-breakdowns">
            {VL_DIMENSIONS.map((d) => (
              <Breakdown key={d} dimension={d} groups={data.by[d]} />
            ))}
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('dashboard.turnaroundTitle')}>
          <Bars
            bars={[
              { key: 'ctr', label: t('dashboard.collectionToReception'), value: tat.collection_to_reception_hours ?? 0 },
              { key: 'rtr', label: t('dashboard.receptionToRelease'), value: tat.reception_to_release_hours ?? 0 },
              { key: 'ctl', label: t('dashboard.collectionToRelease'), value: tat.collection_to_release_hours ?? 0 },
            ]}
          />
          <p className="clin-muted vl-dash__note">{t('dashboard.turnaroundHours')}</p>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('dashboard.coverageTitle')}>
          <p className="vl-dash__note">{t('dashboard.coverageDefinition')}</p>
        </Card>
      </Col>
    </Row>
  );
}

/** Suppression in the groups of one breakdown: released results, suppressed, unsuppressed, the rate. */
function Breakdown({ dimension, groups }: { dimension: VlDimension; groups: VlGroup[] }) {
  const { t } = useTranslation(['vl', 'clinical']);
  return (
    <section className="vl-breakdown" data-testid={`vl-by-${dimension}`}>
      <Table<VlGroup>
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={groups}
        locale={{ emptyText: t('dashboard.noGroup') }}
        columns={[
          { key: 'group', title: t(`dashboard.by.${dimension}`), render: (_, g) => <bdi>{groupText(t, dimension, g.key)}</bdi> },
          { key: 'released', title: t('dashboard.released'), dataIndex: 'released', align: 'end', width: 70 },
          {
            key: 'unsuppressed',
            title: (
              <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {t('dashboard.unsuppressedShort', { max: groupDigits(vlCutoffs().suppressed_max) })}
              </bdi>
            ),
            dataIndex: 'unsuppressed',
            align: 'end',
            width: 84,
          },
          {
            key: 'rate',
            title: t('dashboard.rate'),
            width: 120,
            render: (_, g) => (
              <span className="vl-rate">
                <span className="vl-rate__track" aria-hidden>
                  <span className="vl-rate__fill" style={{ width: `${g.suppression_percent ?? 0}%` }} />
                </span>
                <span>{percent(g.suppression_percent)}</span>
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}
