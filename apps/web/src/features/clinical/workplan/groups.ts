import type { WorkplanRow } from '../types';

export interface WorkGroup {
  key: string;
  section: string | null;
  bench: string | null;
  items: WorkplanRow[];
}

const byName = (a: string | null, b: string | null) => (a == null ? (b == null ? 0 : 1) : b == null ? -1 : a.localeCompare(b));

/**
 * A page of the workplan by section, then bench (unnamed ones last); the
 * server's order — urgent first, then earliest due — is kept inside each group.
 */
export function groupWork(rows: readonly WorkplanRow[]): WorkGroup[] {
  const groups = new Map<string, WorkGroup>();
  for (const row of rows) {
    const key = `${row.section ?? '-'}:${row.bench ?? '-'}`;
    const group = groups.get(key) ?? { key, section: row.section_name, bench: row.bench_name, items: [] };
    group.items.push(row);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => byName(a.section, b.section) || byName(a.bench, b.bench));
}

export const isOverdue = (row: WorkplanRow, now: number) => row.due_at != null && new Date(row.due_at).getTime() < now;

/**
 * How many rows each row's sample cells span: a sample's consecutive tests
 * share one label, client and priority cell (0 hides the cell). Rows go by
 * sample (an order's samples are separate tubes with their own labels).
 */
export function sampleSpans(rows: readonly WorkplanRow[]): number[] {
  const spans = rows.map(() => 0);
  for (let i = 0; i < rows.length; ) {
    let j = i + 1;
    while (j < rows.length && rows[j]!.sample === rows[i]!.sample) j += 1;
    spans[i] = j - i;
    i = j;
  }
  return spans;
}
