import { rulesOf, VL_CODES, VL_DEFAULT_CUTOFFS } from '@nlims/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { draw, type FamilyHistory, int } from '../history-kit.js';

/** Viral load's part of the generated history: the panel (copies/mL and its log10), drawn below. */
export const VL_HISTORY: FamilyHistory = {
  programmes: [{ program: 'Viral Load', share: 0.07, tests: [{ test: VL_CODES.PANEL, share: 1 }] }],
  values: {},
};

/**
 * Viral load's numbers for a result row `t` (at position `position` among the generated samples): copies/mL skewed to
 * the low end of the reportable range, its log10 member computed from them, UNSUPPRESSED above the suppression
 * cut-off as the programme's rule flags it. `when` arms for the results' value and flag.
 */
export function vlNumbers(o: {
  test: (code: string) => { id: number; reporting_low: number | null; reporting_high: number | null } | undefined;
  position: SQL;
}): { values: SQL[]; flags: SQL[] } {
  const rna = o.test(VL_CODES.RNA);
  const vlLog = o.test(VL_CODES.LOG);
  if (!rna) return { values: [], flags: [] };
  const low = Math.max(rna.reporting_low ?? 1, 1);
  const high = rna.reporting_high ?? 10_000_000;
  const copies = sql`round((${low}::float * power(${high / low}::float, power(${draw(o.position, 14, 1000)} / 1000.0, 6)))::numeric, 0)`;
  const cut = VL_DEFAULT_CUTOFFS.suppressed_max;
  const unsuppressed = rulesOf('Viral Load').flag?.(VL_CODES.RNA, cut + 1, []) ?? null;
  if (!unsuppressed || rulesOf('Viral Load').flag?.(VL_CODES.RNA, cut, [])) throw new Error('The viral-load flag no longer follows the suppression cut-off');
  return {
    values: [
      sql`when t.test_type_id = ${int(rna.id)} then ${copies}`,
      ...(vlLog ? [sql`when t.test_type_id = ${int(vlLog.id)} then round(log(${copies}), 2)`] : []),
    ],
    flags: [sql`when t.test_type_id = ${int(rna.id)} then (case when ${copies} > ${cut} then ${unsuppressed} end)`],
  };
}
