import { type GlobalDashboard, type ShownCount, SUPPRESSED_LABEL, type TierDashboard, type TierTable, WITHHELD } from '@nlims/contracts';
import { ValidationError } from '../../../core/errors.js';

/**
 * One exported table: its columns in order and its rows; a suppressed count is written "< 5" and a withheld one
 * "withheld", never the number: the cells hidden on the page are hidden in its files.
 */
export interface ExportTable {
  columns: string[];
  rows: Record<string, unknown>[];
}

const cell = (v: ShownCount) => (v == null ? SUPPRESSED_LABEL : v === WITHHELD ? WITHHELD : v);
/** The positivity's base, tests with a positive or negative reading, follows the tests. */
const FIGURES = ['tests', 'with_reading', 'positives', 'negatives', 'invalid', 'positivity_percent'] as const;
type Figures = { tests: number; with_reading: number; positives: ShownCount; negatives: ShownCount; invalid: number; positivity_percent: number | null };
const figures = (r: Figures) => ({
  tests: r.tests,
  with_reading: r.with_reading,
  positives: cell(r.positives),
  negatives: cell(r.negatives),
  invalid: r.invalid,
  positivity_percent: r.positivity_percent ?? '',
});

const noSuchTable = (tables: readonly string[]) => ValidationError.field('table', `Choose one of: ${tables.join(', ')}.`);

export function globalTable(d: GlobalDashboard, table: TierTable | undefined): ExportTable {
  const tables = ['tiles', 'by_state', 'latest_positives'];
  switch (table ?? 'tiles') {
    case 'tiles':
      return {
        columns: [
          'disease',
          ...FIGURES,
          'previous_tests',
          'previous_with_reading',
          'previous_positives',
          'previous_positivity_percent',
          'trend',
          'start_date',
          'end_date',
        ],
        rows: d.tiles.map((t) => ({
          disease: t.disease,
          ...figures(t),
          previous_tests: t.previous.tests,
          previous_with_reading: t.previous.with_reading,
          previous_positives: cell(t.previous.positives),
          previous_positivity_percent: t.previous.positivity_percent ?? '',
          trend: t.trend ?? '',
          start_date: d.start_date,
          end_date: d.end_date,
        })),
      };
    case 'by_state':
      return { columns: ['state', 'disease', ...FIGURES], rows: d.by_state.map((r) => ({ state: r.state_name, disease: r.disease, ...figures(r) })) };
    case 'latest_positives':
      return {
        columns: ['state', 'lga', 'disease', 'positives', 'tests', 'from', 'to'],
        rows: d.latest_positives.map((r) => ({
          state: r.state_name,
          lga: r.lga_name,
          disease: r.disease,
          positives: cell(r.positives),
          tests: r.tests,
          from: d.latest_start_date,
          to: d.end_date,
        })),
      };
    default:
      throw noSuchTable(tables);
  }
}

export function dashboardTable(d: TierDashboard, table: TierTable | undefined): ExportTable {
  const tables = ['tiles', 'series', 'by_area', 'by_test'];
  switch (table ?? 'by_area') {
    case 'tiles':
      return {
        columns: [
          'area',
          ...FIGURES,
          'requested',
          'rejected',
          'rejection_percent',
          'backlog',
          'collection_to_receipt_days',
          'receipt_to_release_days',
          'collection_to_release_days',
          'collection_to_receipt_minutes',
          'receipt_to_release_minutes',
          'collection_to_release_minutes',
        ],
        rows: [
          {
            area: d.area.name,
            ...figures(d.totals),
            requested: d.totals.requested,
            rejected: d.totals.rejected,
            rejection_percent: d.totals.rejection_percent ?? '',
            backlog: d.totals.backlog,
            collection_to_receipt_days: d.turnaround.collection_to_receipt_days ?? '',
            receipt_to_release_days: d.turnaround.receipt_to_release_days ?? '',
            collection_to_release_days: d.turnaround.collection_to_release_days ?? '',
            collection_to_receipt_minutes: d.turnaround.collection_to_receipt_minutes ?? '',
            receipt_to_release_minutes: d.turnaround.receipt_to_release_minutes ?? '',
            collection_to_release_minutes: d.turnaround.collection_to_release_minutes ?? '',
          },
        ],
      };
    case 'series':
      return { columns: ['period', ...FIGURES], rows: d.series.map((r) => ({ period: r.period, ...figures(r) })) };
    case 'by_area':
      return {
        columns: [d.by_area_level, ...FIGURES, 'rejected', 'backlog'],
        rows: d.by_area.map((r) => ({ [d.by_area_level]: r.name, ...figures(r), rejected: r.rejected, backlog: r.backlog })),
      };
    case 'by_test':
      return {
        columns: ['code', 'test', 'requested', ...FIGURES, 'rejected', 'backlog'],
        rows: d.by_test.map((r) => ({ code: r.code, test: r.name, requested: r.requested, ...figures(r), rejected: r.rejected, backlog: r.backlog })),
      };
    default:
      throw noSuchTable(tables);
  }
}
