import type { EidDashboard } from '@nlims/contracts';

/** A row of one of the dashboard's breakdowns (by age band, entry point, PCR sequence or state). */
export type BreakdownRow = EidDashboard['by_age_band'][number] &
  Partial<Pick<EidDashboard['by_entry_point'][number], 'entry_point'>> &
  Partial<Pick<EidDashboard['by_pcr_sequence'][number], 'pcr_sequence'>> &
  Partial<Pick<EidDashboard['by_state'][number], 'state'>> & { band?: string };

const BREAKDOWNS = ['by_age_band', 'by_entry_point', 'by_pcr_sequence', 'by_state'] as const;
export type BreakdownKey = (typeof BREAKDOWNS)[number];

/** A CSV cell: quoted when it holds a separator, a quote or a line break; a leading formula character is neutralised. */
const cell = (value: unknown): string => {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The dashboard's breakdowns as one CSV table: a row per breakdown and value
 * with its tests, released results, detected, not detected, no result and
 * positivity — the figures on screen, labelled in the interface language.
 */
export function dashboardCsv(data: EidDashboard, label: (breakdown: BreakdownKey, row: BreakdownRow) => string, heading: (key: string) => string): string {
  const header = ['breakdown', 'value', 'tests', 'released', 'detected', 'not_detected', 'no_result', 'positivity_percent'].map((k) => heading(k));
  const lines = [header.map(cell).join(',')];
  for (const breakdown of BREAKDOWNS) {
    for (const row of data[breakdown] as BreakdownRow[]) {
      lines.push(
        [heading(breakdown), label(breakdown, row), row.tests, row.released, row.detected, row.not_detected, row.no_result, row.positivity_percent]
          .map(cell)
          .join(','),
      );
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
