import { PrinterOutlined } from '@ant-design/icons';
import {
  diseaseTestsOf,
  type ShownCount,
  SUPPRESSED_LABEL,
  TIER_PERIODICITIES,
  type TierDashboard as Dashboard,
  type TierDisease,
  type TierPeriodicity,
  WITHHELD,
} from '@nlims/contracts';
import { Button, Card, Row, Segmented, Select, Spin, Table } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeSeriesChart } from '../../shared/charts';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { formatDate } from '../../shared/format/format';
import type { PageProps } from '../../shared/page/pageProps';
import { periodText } from '../../shared/format/figures';
import { LoadError } from '../../shared/page/LoadError';
import { ReferralSummary } from '../analytics/ReferralSummary';
import { type StatTile, StatTiles } from '../analytics/StatTiles';
import { TILE_ICON } from '../analytics/tiles';
import { type DashboardFilter, type TierEndpoint, type TierExtra, useDashboardFilter, useTierDashboard } from './api';
import { Cases, countText, durationText, ExportButtons, hasReading, percentText } from './figures';
import { apiQuery, MAP_MEASURES, type MapMeasure, refers, type TierFilters, type TierView } from './filters';
import { mapValues, useMeasureText } from './mapFigures';
import { NigeriaMap } from './NigeriaMap';
import { colourScale, PALETTES } from './scale';
import { stateKey } from './states';
import { TierFilterBar } from './TierFilterBar';
import { useTierParams } from './useTierParams';
import './tier.css';
import { Loading } from '../../shared/page/Loading';

export interface TierDashboardProps extends PageProps {
  endpoint: TierEndpoint;
  /** A tier disease's dashboard, or… */
  disease?: TierDisease;
  /** …a programme's (facility staff: the programme they work in). */
  program?: string;
  /** Show the map of the states (a nation view of a tier disease). */
  map?: boolean;
  /** Offer the area pickers (tier users; facility staff see their facility). */
  areas?: boolean;
}

type Set = ReturnType<typeof useTierParams>['set'];

/**
 * A disease's or programme's dashboard for health officials and facility
 * staff (`tier_general_program_dashboard/`, `tier_general_order_dashboard/`):
 * tests, cases, positivity, rejections, backlog and turnaround; a series; the
 * figures by area (states, LGAs or facilities; with the map for the nation)
 * and by test; HIV's infant PCR and viral-load suppression, TB's rifampicin
 * resistance. The filters live in the address; each table exports as CSV or
 * XLSX; the page prints on A4.
 */
export function TierDashboard({ page, endpoint, disease, program, map = false, areas = true }: TierDashboardProps) {
  const { t } = useTranslation('tierAnalytics');
  const { filters, view, set } = useTierParams();
  const extra: TierExtra = { disease, program };
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useTierDashboard(endpoint, filters, extra);
  const lookup = useDashboardFilter();
  const testOptions = testOptionsOf(lookup.data, disease, endpoint === 'tier_general_order_dashboard' ? 'General' : program, data);
  const methods = lookup.data?.methods ?? [];

  let body: ReactNode;
  if (!data && isPending) body = <Loading label={t('loading')} />;
  else if (!data) body = <LoadError title={t('error')} error={error} onRetry={() => void refetch()} />;
  else body = <Figures data={data} endpoint={endpoint} extra={extra} filters={filters} view={view} set={set} map={map} />;

  return (
    <ClinicalPage
      page={page}
      className="tier-dash"
      extra={
        <Button icon={<PrinterOutlined />} onClick={() => window.print()} className="clin-no-print" data-testid="tier-print">
          {t('print')}
        </Button>
      }
    >
      <TierFilterBar filters={filters} onChange={set} period={data} areas={areas}>
        <Select<TierPeriodicity>
          allowClear
          placeholder={t('periodicity.auto')}
          aria-label={t('periodicity.label')}
          value={filters.periodicity}
          onChange={(periodicity?: TierPeriodicity) => set({ periodicity })}
          options={TIER_PERIODICITIES.map((p) => ({ value: p, label: t(`periodicity.${p}`) }))}
          data-testid="tier-filter-periodicity"
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter.allTests')}
          aria-label={t('filter.test')}
          value={filters.test_type}
          onChange={(test_type?: number) => set({ test_type })}
          options={testOptions}
          className="tier-filters__test"
          data-testid="tier-filter-test"
        />
        {methods.length > 0 && (
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('filter.allMethods')}
            aria-label={t('filter.method')}
            value={filters.method}
            onChange={(method?: number) => set({ method })}
            options={methods.map((m) => ({ value: m.id, label: m.name }))}
          />
        )}
      </TierFilterBar>
      {data && error && <LoadError title={t('error')} error={error} onRetry={() => void refetch()} />}
      <Spin spinning={isFetching && isPlaceholderData} delay={200}>
        <div className="tier-dash__body" aria-busy={isFetching}>
          {data && (
            <p className="clin-muted tier-dash__period" data-testid="tier-period">
              {t('period.of', {
                area: data.area.level === 'nation' ? t('area.nation') : data.area.name,
                start: formatDate(data.start_date),
                end: formatDate(data.end_date),
              })}
            </p>
          )}
          {body}
          {/* Referral follows the page: a disease's programmes whose samples are referred, or the programme's own. */}
          {data && refers(disease, program) && (
            <ReferralSummary
              query={apiQuery(
                { start_date: filters.start_date, end_date: filters.end_date, states: filters.states, lga: filters.lga, facility: filters.facility },
                { disease, program: disease ? undefined : program },
              )}
            />
          )}
        </div>
      </Spin>
    </ClinicalPage>
  );
}

/**
 * The tests the dashboard may narrow to: a disease's own tests (contracts' DISEASE_TESTS), or a programme's;
 * without the look-up yet, the tests the dashboard has shown.
 */
function testOptionsOf(lookup: DashboardFilter | undefined, disease: TierDisease | undefined, program: string | undefined, data: Dashboard | undefined) {
  let tests: { id: number; name: string }[] = data?.by_test ?? [];
  if (lookup && disease) {
    const codes = new Set([...diseaseTestsOf(disease).tested, ...Object.keys(diseaseTestsOf(disease).positive)]);
    tests = lookup.test_types.filter((x) => codes.has(x.code));
  } else if (lookup && program) {
    const id = lookup.programs.find((p) => p.name === program)?.id;
    tests = lookup.test_types.filter((x) => x.program === id);
  }
  return tests.map((x) => ({ value: x.id, label: x.name })).sort((a, b) => a.label.localeCompare(b.label));
}

interface FiguresProps {
  data: Dashboard;
  endpoint: TierEndpoint;
  extra: TierExtra;
  filters: TierFilters;
  view: TierView;
  set: Set;
  map: boolean;
}

type Tile = Omit<StatTile, 'title'>;

function Figures({ data, endpoint, extra, filters, view, set, map }: FiguresProps) {
  const { t } = useTranslation('tierAnalytics');
  const { totals, turnaround: tat } = data;
  const reading = hasReading(totals);
  // Positives and positivity count the tests with a positive or negative reading only, and say so beside them.
  const base = reading ? t('tiles.ofWithReading', { tests: countText(totals.with_reading) }) : t('tiles.noReading');
  // A duration in its language's order ("3 h", "3 ساعة"), whatever the tile's direction.
  const tiles: Tile[] = [
    {
      key: 'tests',
      icon: TILE_ICON.tests,
      value: countText(totals.tests),
      note:
        totals.negatives === WITHHELD
          ? t('tiles.testsNoteWithheld', { withReading: countText(totals.with_reading), invalid: countText(totals.invalid) })
          : t('tiles.testsNote', {
              withReading: countText(totals.with_reading),
              negatives: shownText(t, totals.negatives),
              invalid: countText(totals.invalid),
            }),
    },
    { key: 'positives', icon: TILE_ICON.positive, value: reading ? <Cases value={totals.positives} /> : '—', note: base, alert: reading },
    { key: 'positivity', icon: TILE_ICON.positivity, value: reading ? percentText(totals.positivity_percent) : '—', note: base },
    {
      key: 'rejection',
      icon: TILE_ICON.rejected,
      value: percentText(totals.rejection_percent),
      note: t('tiles.rejectionNote', { rejected: countText(totals.rejected), requested: countText(totals.requested) }),
    },
    { key: 'backlog', icon: TILE_ICON.samples, value: countText(totals.backlog), note: t('tiles.backlogNote') },
    {
      key: 'collectionToReceipt',
      icon: TILE_ICON.turnaround,
      value: <bdi>{durationText(t, tat.collection_to_receipt_minutes)}</bdi>,
      note: t('tiles.average'),
    },
    { key: 'receiptToRelease', icon: TILE_ICON.turnaround, value: <bdi>{durationText(t, tat.receipt_to_release_minutes)}</bdi>, note: t('tiles.average') },
    {
      key: 'collectionToRelease',
      icon: TILE_ICON.due,
      value: <bdi>{durationText(t, tat.collection_to_release_minutes)}</bdi>,
      note: t('tiles.tatNote', { released: countText(tat.released) }),
    },
  ];
  const exportProps = { endpoint, filters, extra };
  return (
    <div className="tier-sections">
      <section aria-labelledby="tier-tiles-title">
        <div className="tier-section__head">
          <h2 id="tier-tiles-title">{t('tiles.summary')}</h2>
          <ExportButtons {...exportProps} table="tiles" />
        </div>
        <Row gutter={[16, 16]}>
          <StatTiles tiles={tiles.map((s) => ({ ...s, title: t(`tiles.${s.key}`) }))} testId="tier-stat" />
        </Row>
        {anyCase(data, null) && <p className="clin-muted tier-note">{t('suppressedNote')}</p>}
        {anyCase(data, WITHHELD) && <p className="clin-muted tier-note">{t('withheldNote')}</p>}
      </section>
      {data.hiv && <HivBlock hiv={data.hiv} />}
      {data.tb && <TbBlock tb={data.tb} />}
      <Series data={data} exportProps={exportProps} />
      {/* Facility staff see their one facility: no level below it. */}
      {data.area.level !== 'facility' && <ByArea data={data} exportProps={exportProps} view={view} set={set} map={map} />}
      <ByTest data={data} exportProps={exportProps} />
    </div>
  );
}

type ExportProps = { endpoint: TierEndpoint; filters: TierFilters; extra: TierExtra };

/** A count that may be hidden, as plain text. */
const shownText = (t: (key: string) => string, v: ShownCount) => (v === WITHHELD ? t('withheld') : v == null ? SUPPRESSED_LABEL : countText(v));

/** Whether any count of cases on the page is suppressed (null) or withheld (then the page says why). */
const anyCase = (d: Dashboard, hidden: null | typeof WITHHELD) => [d.totals, ...d.series, ...d.by_area, ...d.by_test].some((r) => r.positives === hidden);

/** Positives, the positivity and its base for a row of a table: a dash for a test without a qualitative reading. */
function readingColumns<R extends { with_reading: number; positives: ShownCount; positivity_percent: number | null }>(t: (key: string) => string) {
  return [
    { key: 'with_reading', title: t('column.withReading'), align: 'end' as const, render: (_: unknown, r: R) => countText(r.with_reading) },
    {
      key: 'positives',
      title: t('measure.positives'),
      align: 'end' as const,
      render: (_: unknown, r: R) => (hasReading(r) ? <Cases value={r.positives} /> : '—'),
    },
    {
      key: 'positivity',
      title: t('measure.positivity'),
      align: 'end' as const,
      render: (_: unknown, r: R) => (hasReading(r) ? percentText(r.positivity_percent) : '—'),
    },
  ];
}

function Facts({ items }: { items: { key: string; label: string; value: ReactNode }[] }) {
  return (
    <dl className="tier-facts">
      {items.map((i) => (
        <div key={i.key} data-testid={`tier-fact-${i.key}`}>
          <dt>{i.label}</dt>
          <dd>{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** HIV: the infants' PCR positivity and the viral-load suppression rate. */
function HivBlock({ hiv }: { hiv: NonNullable<Dashboard['hiv']> }) {
  const { t } = useTranslation('tierAnalytics');
  return (
    <div className="tier-grid-2" data-testid="tier-hiv">
      <Card className="tier-card" title={t('hiv.eid')}>
        <Facts
          items={[
            { key: 'eid_tests', label: t('hiv.eidTests'), value: countText(hiv.eid_tests) },
            { key: 'eid_positives', label: t('hiv.eidPositives'), value: <Cases value={hiv.eid_positives} /> },
            { key: 'eid_positivity', label: t('measure.positivity'), value: percentText(hiv.eid_positivity_percent) },
          ]}
        />
      </Card>
      <Card className="tier-card" title={t('hiv.vl')}>
        <Facts
          items={[
            { key: 'vl_tests', label: t('hiv.vlTests'), value: countText(hiv.vl_tests) },
            { key: 'vl_suppression', label: t('hiv.vlSuppression'), value: percentText(hiv.vl_suppression_percent) },
            { key: 'vl_undetectable', label: t('hiv.vlUndetectable'), value: countText(hiv.vl_undetectable) },
            { key: 'vl_suppressed', label: t('hiv.vlSuppressed'), value: countText(hiv.vl_suppressed) },
            { key: 'vl_unsuppressed', label: t('hiv.vlUnsuppressed'), value: countText(hiv.vl_unsuppressed) },
          ]}
        />
      </Card>
    </div>
  );
}

/** TB: rifampicin resistance among the released resistance results. */
function TbBlock({ tb }: { tb: NonNullable<Dashboard['tb']> }) {
  const { t } = useTranslation('tierAnalytics');
  return (
    <Card className="tier-card" title={t('tb.title')} data-testid="tier-tb">
      <Facts
        items={[
          { key: 'rif_tests', label: t('tb.rifTests'), value: countText(tb.rif_tests) },
          { key: 'rr_tb', label: t('tb.rrTb'), value: <Cases value={tb.rr_tb} /> },
          { key: 'rr_percent', label: t('tb.rrPercent'), value: percentText(tb.rr_percent) },
        ]}
      />
    </Card>
  );
}

/** The period's series as columns, by tests, cases or positivity; a suppressed count ("< 5") is a gap. */
function Series({ data, exportProps }: { data: Dashboard; exportProps: ExportProps }) {
  const { t } = useTranslation('tierAnalytics');
  const [measure, setMeasure] = useState<MapMeasure>('tests');
  const title = t(`series.${data.periodicity}`);
  const values = data.series.map((p) =>
    measure === 'tests' ? p.tests : measure === 'positives' ? (p.positives === WITHHELD ? null : p.positives) : p.positivity_percent,
  );
  // A suppressed count kept left to right ("< 5") inside Arabic text; beside a withheld one, a hidden count in words.
  const withheld = data.series.some((p) => p.positives === WITHHELD);
  const suppressed = (v: number | null) => (v !== null ? countText(v) : withheld ? t('hidden') : `\u2066${SUPPRESSED_LABEL}\u2069`);
  const text = measure === 'positivity' ? percentText : measure === 'positives' ? suppressed : countText;
  return (
    <Card className="tier-card" title={title} extra={<ExportButtons {...exportProps} table="series" />} data-testid="tier-series">
      <Segmented<MapMeasure>
        className="tier-series__measure clin-no-print"
        value={measure}
        onChange={setMeasure}
        options={MAP_MEASURES.map((m) => ({ value: m, label: t(`measure.${m}`) }))}
      />
      {data.series.length ? (
        <TimeSeriesChart
          label={t(`measure.${measure}`)}
          x={data.series.map((p) => p.period)}
          xText={(period) => periodText(t, period, data.periodicity, 'tierAnalytics')}
          series={[{ key: measure, label: t(`measure.${measure}`), values, type: 'bar', format: text }]}
          valueText={measure === 'positivity' ? (v) => `${v}%` : countText}
          integer={measure !== 'positivity'}
          testId="tier-series-chart"
        />
      ) : (
        <p className="clin-muted">{t('empty')}</p>
      )}
    </Card>
  );
}

const LEVEL_COLUMN = { state: 'column.state', lga: 'column.lga', facility: 'column.facility' } as const;

/** The figures by the level below the area (states, LGAs or facilities); for the nation, with the map. */
function ByArea({ data, exportProps, view, set, map }: { data: Dashboard; exportProps: ExportProps; view: TierView; set: Set; map: boolean }) {
  const { t } = useTranslation('tierAnalytics');
  const measureText = useMeasureText();
  const showMap = map && data.by_area_level === 'state';
  const values = showMap ? mapValues(data.by_area, view.measure, (r) => r.name, measureText.withheld) : undefined;
  const scale = values
    ? colourScale(
        [...values.values()].map((v) => v.value),
        view.measure === 'tests' ? PALETTES.tests : PALETTES.cases,
        view.measure !== 'positivity',
      )
    : undefined;
  const table = (
    <Table
      size="small"
      pagination={false}
      rowKey="id"
      dataSource={data.by_area}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('empty') }}
      data-testid="tier-by-area-table"
      columns={[
        { key: 'name', title: t(LEVEL_COLUMN[data.by_area_level]), dataIndex: 'name' },
        { key: 'tests', title: t('measure.tests'), align: 'end', render: (_, r) => countText(r.tests) },
        ...readingColumns<Dashboard['by_area'][number]>(t),
        { key: 'rejected', title: t('column.rejected'), align: 'end', render: (_, r) => countText(r.rejected) },
        { key: 'backlog', title: t('column.backlog'), align: 'end', render: (_, r) => countText(r.backlog) },
      ]}
    />
  );
  return (
    <Card className="tier-card" title={t(`byArea.${data.by_area_level}`)} extra={<ExportButtons {...exportProps} table="by_area" />} data-testid="tier-by-area">
      {showMap && values && scale ? (
        <div className="tier-grid-2 tier-grid-2--flush">
          <div>
            <Segmented<MapMeasure>
              className="tier-series__measure clin-no-print"
              value={view.measure}
              onChange={(measure) => set({ measure })}
              options={MAP_MEASURES.map((m) => ({ value: m, label: measureText.label(m) }))}
            />
            <NigeriaMap
              values={values}
              scale={scale}
              title={t('map.ofArea', { measure: measureText.label(view.measure) })}
              binText={measureText.binText(view.measure)}
              onSelect={(key) => {
                const row = data.by_area.find((r) => stateKey(r.name) === key);
                if (row) set({ states: row.id });
              }}
            />
          </div>
          <div>{table}</div>
        </div>
      ) : (
        table
      )}
    </Card>
  );
}

/** The figures by test type. */
function ByTest({ data, exportProps }: { data: Dashboard; exportProps: ExportProps }) {
  const { t } = useTranslation('tierAnalytics');
  return (
    <Card className="tier-card" title={t('byTest.title')} extra={<ExportButtons {...exportProps} table="by_test" />} data-testid="tier-by-test">
      <Table
        size="small"
        pagination={false}
        rowKey="id"
        dataSource={data.by_test}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('empty') }}
        columns={[
          { key: 'name', title: t('column.test'), render: (_, r) => r.name },
          { key: 'code', title: t('column.code'), render: (_, r) => <bdi dir="ltr">{r.code}</bdi> },
          { key: 'requested', title: t('column.requested'), align: 'end', render: (_, r) => countText(r.requested) },
          { key: 'tests', title: t('measure.tests'), align: 'end', render: (_, r) => countText(r.tests) },
          ...readingColumns<Dashboard['by_test'][number]>(t),
          { key: 'rejected', title: t('column.rejected'), align: 'end', render: (_, r) => countText(r.rejected) },
          { key: 'backlog', title: t('column.backlog'), align: 'end', render: (_, r) => countText(r.backlog) },
        ]}
      />
    </Card>
  );
}
