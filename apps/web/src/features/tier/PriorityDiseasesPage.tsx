import { PrinterOutlined } from '@ant-design/icons';
import { type GlobalDashboard, PRIORITY_DISEASES, type PriorityTile } from '@nlims/contracts';
import { Button, Card, Empty, Segmented, Select, Spin, Table } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/useSession';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { formatDate } from '../../shared/format/format';
import type { PageProps } from '../../shared/page/pageProps';
import { LoadError } from '../../shared/page/LoadError';
import { useDashboardFilter, useGlobalDashboard } from './api';
import { Cases, countText, ExportButtons, hasReading, percentText, Trend } from './figures';
import { busiestDisease, MAP_MEASURES, type MapMeasure, type TierFilters, type TierView } from './filters';
import { mapValues, useMeasureText } from './mapFigures';
import { NigeriaMap } from './NigeriaMap';
import { colourScale, PALETTES } from './scale';
import { stateKey } from './states';
import { TierFilterBar } from './TierFilterBar';
import { useTierParams } from './useTierParams';
import './tier.css';
import { Loading } from '../../shared/page/Loading';

/**
 * The priority diseases (`global_dashboard/`), every tier user's landing:
 * thirteen diseases' tests, cases and positivity against the previous period,
 * a map of the states by a disease and measure (a click narrows to that
 * state), and the latest cases by LGA. The filters live in the address.
 */
export default function PriorityDiseasesPage({ page }: PageProps) {
  const { t } = useTranslation('tierAnalytics');
  const { filters, view, set } = useTierParams();
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useGlobalDashboard(filters);

  let body: ReactNode;
  if (!data && isPending) body = <Loading label={t('loading')} />;
  else if (!data) body = <LoadError title={t('error')} error={error} onRetry={() => void refetch()} />;
  else body = <Figures data={data} filters={filters} view={view} set={set} />;

  const extra = (
    <Button icon={<PrinterOutlined />} onClick={() => window.print()} className="clin-no-print" data-testid="tier-print">
      {t('print')}
    </Button>
  );
  return (
    <ClinicalPage page={page} extra={extra} className="tier-dash">
      <TierFilterBar filters={filters} onChange={set} period={data} />
      {data && error && <LoadError title={t('error')} error={error} onRetry={() => void refetch()} />}
      <Spin spinning={isFetching && isPlaceholderData} delay={200}>
        <div className="tier-dash__body" aria-busy={isFetching}>
          {data && (
            <p className="clin-muted tier-dash__period" data-testid="tier-period">
              {t('period.compared', {
                area: data.area.level === 'nation' ? t('area.nation') : data.area.name,
                start: formatDate(data.start_date),
                end: formatDate(data.end_date),
                previousStart: formatDate(data.previous_start_date),
                previousEnd: formatDate(data.previous_end_date),
              })}
            </p>
          )}
          {body}
        </div>
      </Spin>
    </ClinicalPage>
  );
}

interface FiguresProps {
  data: GlobalDashboard;
  filters: TierFilters;
  view: TierView;
  set: ReturnType<typeof useTierParams>['set'];
}

function Figures({ data, filters, view, set }: FiguresProps) {
  const { t } = useTranslation('tierAnalytics');
  return (
    <div className="tier-sections">
      <section aria-labelledby="tier-tiles-title">
        <div className="tier-section__head">
          <h2 id="tier-tiles-title">{t('tiles.title')}</h2>
          <ExportButtons endpoint="global_dashboard" filters={filters} table="tiles" />
        </div>
        <p className="clin-muted tier-note">{t('suppressedNote')}</p>
        <ul className="tier-tiles">
          {PRIORITY_DISEASES.map((d) => {
            const tile = data.tiles.find((x) => x.disease === d);
            return tile ? <DiseaseTile key={d} tile={tile} /> : null;
          })}
        </ul>
      </section>
      <div className="tier-grid-2">
        <StateMap data={data} filters={filters} view={view} set={set} />
        <LatestPositives data={data} filters={filters} />
      </div>
    </div>
  );
}

/** One disease: tests, cases and positivity in the period, the trend of positivity, and the previous period's figures. */
function DiseaseTile({ tile }: { tile: PriorityTile }) {
  const { t } = useTranslation('tierAnalytics');
  const p = tile.previous;
  return (
    <li className="tier-tile" data-testid={`tier-tile-${tile.disease}`}>
      <h3 className="tier-tile__name">{t(`disease.${tile.disease}`)}</h3>
      <dl className="tier-tile__figures">
        <div>
          <dt>{t('measure.tests')}</dt>
          <dd data-testid="tile-tests">{countText(tile.tests)}</dd>
        </div>
        <div>
          <dt>{t('measure.positives')}</dt>
          <dd>{hasReading(tile) ? <Cases value={tile.positives} /> : '—'}</dd>
        </div>
        <div>
          <dt>{t('tiles.positivity')}</dt>
          <dd>{hasReading(tile) ? percentText(tile.positivity_percent) : '—'}</dd>
        </div>
      </dl>
      {/* The positivity's base beside it: the tests with a positive or negative reading. */}
      <p className="tier-tile__base" data-testid="tile-base">
        {hasReading(tile) ? t('tiles.ofWithReading', { tests: countText(tile.with_reading) }) : t('tiles.noReading')}
      </p>
      <div className="tier-tile__trend">
        <Trend trend={tile.trend} now={tile} before={p} />
      </div>
      <p className="tier-tile__previous">
        {t('tiles.previous')}: {t('tiles.previousTests', { tests: countText(p.tests) })}
        {hasReading(p) && (
          <>
            {' '}
            · <Cases value={p.positives} /> {t('tiles.previousPositives')} ·{' '}
            {t('tiles.percentOf', { percent: percentText(p.positivity_percent), tests: countText(p.with_reading) })}
          </>
        )}
      </p>
    </li>
  );
}

/** The states coloured by the chosen disease and measure; a federal user narrows to a state by clicking it. */
function StateMap({ data, filters, view, set }: FiguresProps) {
  const { t } = useTranslation('tierAnalytics');
  const { user } = useSession();
  const lookup = useDashboardFilter();
  const measureText = useMeasureText();
  const disease = view.map ?? busiestDisease(data.tiles);
  const rows = data.by_state.filter((r) => r.disease === disease);
  const values = mapValues(rows, view.measure, (r) => r.state_name, measureText.withheld);
  const scale = colourScale(
    [...values.values()].map((v) => v.value),
    view.measure === 'tests' ? PALETTES.tests : PALETTES.cases,
    view.measure !== 'positivity',
  );
  // A state or LGA user sees only their own state coloured.
  const tier = user?.user_location ?? null;
  const only = tier != null && tier >= 2 && user?.state_name ? new Set([stateKey(user.state_name)]) : undefined;
  const mayDrill = (lookup.data?.states.length ?? 0) > 1;
  const selected = filters.states != null ? rows.find((r) => r.state === filters.states) : undefined;
  const select = (key: string) => {
    const row = rows.find((r) => stateKey(r.state_name) === key);
    if (row) set({ states: filters.states === row.state ? undefined : row.state });
  };
  return (
    <Card
      className="tier-card"
      title={t('map.title')}
      extra={<ExportButtons endpoint="global_dashboard" filters={filters} table="by_state" />}
      data-testid="tier-map-card"
    >
      <div className="tier-map-controls clin-no-print">
        <Select
          value={disease}
          onChange={(map) => set({ map })}
          aria-label={t('map.disease')}
          options={PRIORITY_DISEASES.map((d) => ({ value: d, label: t(`disease.${d}`) }))}
          className="tier-map-controls__disease"
          data-testid="tier-map-disease"
        />
        <Segmented<MapMeasure>
          value={view.measure}
          onChange={(measure) => set({ measure })}
          options={MAP_MEASURES.map((m) => ({ value: m, label: measureText.label(m) }))}
        />
      </div>
      <NigeriaMap
        values={values}
        scale={scale}
        title={t('map.of', { disease: t(`disease.${disease}`), measure: measureText.label(view.measure) })}
        binText={measureText.binText(view.measure)}
        only={only}
        selected={selected ? stateKey(selected.state_name) : undefined}
        onSelect={mayDrill ? select : undefined}
      />
      {mayDrill && <p className="clin-muted tier-note clin-no-print">{t('map.drill')}</p>}
    </Card>
  );
}

/** Cases of the last seven days by LGA, most first. */
function LatestPositives({ data, filters }: { data: GlobalDashboard; filters: TierFilters }) {
  const { t } = useTranslation('tierAnalytics');
  return (
    <Card
      className="tier-card"
      title={t('latest.title')}
      extra={<ExportButtons endpoint="global_dashboard" filters={filters} table="latest_positives" />}
      data-testid="tier-latest"
    >
      <p className="clin-muted tier-note">{t('latest.note', { start: formatDate(data.latest_start_date), end: formatDate(data.end_date) })}</p>
      <Table
        size="small"
        pagination={data.latest_positives.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        rowKey={(r) => `${r.lga}-${r.disease}`}
        dataSource={data.latest_positives}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('latest.empty')} /> }}
        columns={[
          { key: 'rank', title: t('column.rank'), width: 48, render: (_, __, i) => i + 1 },
          { key: 'lga', title: t('column.lga'), dataIndex: 'lga_name' },
          { key: 'state', title: t('column.state'), dataIndex: 'state_name' },
          { key: 'disease', title: t('column.disease'), render: (_, r) => t(`disease.${r.disease}`) },
          { key: 'positives', title: t('measure.positives'), align: 'end', render: (_, r) => <Cases value={r.positives} /> },
          { key: 'tests', title: t('measure.tests'), align: 'end', render: (_, r) => countText(r.tests) },
        ]}
      />
    </Card>
  );
}
