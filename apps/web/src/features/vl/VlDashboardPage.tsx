import { DownloadOutlined } from '@ant-design/icons';
import {
  groupDigits,
  VL_DASHBOARD_DEFAULT_DAYS,
  VL_DIMENSIONS,
  VL_TILES,
  VL_FORM_CHOICES,
  type VlDashboard,
  type VlDimension,
  type VlGroup,
  vlCutoffs,
} from '@nlims/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Table } from 'antd';
import type { i18n as I18n, TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { ALERT_COLOR, BarChart } from '../../shared/charts';
import { DashboardShell, type DashboardView, emptyCard } from '../analytics/DashboardShell';
import { ltr, percentText } from '../../shared/format/figures';
import { describeTiles } from '../analytics/tiles';
import { formatDate, todayLagos } from '../../shared/format/format';
import { downloadFile } from '../../shared/files';
import { PeriodFilter } from '../../shared/forms/PeriodFilter';
import type { PageProps } from '../../shared/page/pageProps';
import { useCategoryText, useVlCutoffs } from './reading';
import './vl.css';

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
  const { t, i18n } = useTranslation(['vl', 'clinical']);
  const [params, setParams] = useSearchParams();
  useVlCutoffs();
  const category = useCategoryText();
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
  const result = useVlDashboard(period);
  const csv = () => {
    const query = new URLSearchParams(Object.entries(period).filter(([, v]) => v) as [string, string][]).toString();
    void downloadFile(`/api/vl_report/${query ? `?${query}` : ''}`, `vl-results-${todayLagos()}.csv`);
  };

  return (
    <DashboardShell
      referral
      page={page}
      family="vl"
      className="vl-dash"
      query={result}
      texts={{ loading: t('dashboard.loading'), error: t('dashboard.error') }}
      actions={
        <Button icon={<DownloadOutlined />} onClick={csv} data-testid="vl-csv">
          {t('dashboard.csv')}
        </Button>
      }
      filters={<PeriodFilter value={period} onChange={set} />}
      period={(data) => t('dashboard.period', { start: formatDate(data.start_date), end: formatDate(data.end_date), days: VL_DASHBOARD_DEFAULT_DAYS })}
      view={(data) => vlView(data, t, i18n, category)}
    />
  );
}

/** Released results' categories, coloured as they read: undetectable and suppressed in greens, unsuppressed in red. */
const CATEGORY_COLOURS = { undetectable: '#237804', suppressed: '#73d13d', unsuppressed: ALERT_COLOR } as const;

/** The period's figures: headline tiles, categories and bands, the breakdowns, turnaround and coverage. */
function vlView(data: VlDashboard, t: TFunction, i18n: I18n, category: ReturnType<typeof useCategoryText>): DashboardView {
  const { totals, turnaround: tat } = data;
  if (totals.samples === 0) return { cards: [emptyCard(t('vl:dashboard.empty'))] };
  const categories = ['undetectable', 'suppressed', 'unsuppressed'] as const;
  const results = t('vl:dashboard.released');
  return {
    tiles: describeTiles(VL_TILES, data, t, i18n, 'vl'),
    cards: [
      {
        key: 'categories',
        title: t('vl:dashboard.categories'),
        width: 'half',
        children: (
          <>
            <BarChart
              label={t('vl:dashboard.categories')}
              categoryTitle={t('vl:dashboard.category')}
              categories={categories.map((c) => ({ key: c, label: t(`vl:dashboard.cat.${c}`) }))}
              series={[{ key: 'released', label: results, values: categories.map((c) => totals[c]), colors: categories.map((c) => CATEGORY_COLOURS[c]) }]}
            />
            <p className="clin-muted dash__note">
              {category('suppressed')} · {category('unsuppressed')}
            </p>
          </>
        ),
      },
      {
        key: 'bands',
        title: t('vl:dashboard.bands'),
        width: 'half',
        children: (
          <>
            <p className="clin-muted dash__note">{t('vl:dashboard.bandsNote')}</p>
            <BarChart
              label={t('vl:dashboard.bands')}
              categoryTitle={t('vl:dashboard.band')}
              categories={data.bands.map((b) => ({ key: String(b.band), label: ltr(b.label) }))}
              series={[{ key: 'released', label: results, values: data.bands.map((b) => b.count) }]}
            />
          </>
        ),
      },
      {
        key: 'breakdowns',
        title: t('vl:dashboard.breakdowns'),
        children: (
          <>
            <p className="clin-muted dash__note">{t('vl:dashboard.breakdownsNote')}</p>
            <div className="vl-breakdowns">
              {VL_DIMENSIONS.map((d) => (
                <Breakdown key={d} dimension={d} groups={data.by[d]} />
              ))}
            </div>
          </>
        ),
      },
      {
        key: 'turnaround',
        title: t('vl:dashboard.turnaroundTitle'),
        width: 'half',
        children: (
          <>
            <BarChart
              label={t('vl:dashboard.turnaroundTitle')}
              categoryTitle={t('vl:dashboard.segment')}
              categories={[
                { key: 'ctr', label: t('vl:dashboard.collectionToReception') },
                { key: 'rtr', label: t('vl:dashboard.receptionToRelease') },
                { key: 'ctl', label: t('vl:dashboard.collectionToRelease') },
              ]}
              series={[
                {
                  key: 'hours',
                  label: t('vl:dashboard.hoursMedian'),
                  values: [tat.collection_to_reception_hours, tat.reception_to_release_hours, tat.collection_to_release_hours],
                  format: (v) => (v == null ? '—' : `${v} ${t('analytics:unit.hours')}`),
                },
              ]}
              integer={false}
            />
            <p className="clin-muted dash__note">{t('vl:dashboard.turnaroundHours')}</p>
          </>
        ),
      },
      {
        key: 'coverage',
        title: t('vl:dashboard.coverageTitle'),
        width: 'half',
        children: <p className="dash__note">{t('vl:dashboard.coverageDefinition')}</p>,
      },
    ],
  };
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
                <span>{percentText(g.suppression_percent)}</span>
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}
