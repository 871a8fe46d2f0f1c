import { sql, type SQL } from 'drizzle-orm';
import {
  FAMILIES,
  lineListKeyMembers,
  type Permission,
  PH_NOTIFY_FLAGS,
  PH_POSITIVE_RESULTS,
  type ProgramFamily,
  programDefinition,
  programsOfForm,
  programsWithLineList,
} from '@nlims/contracts';
import { forbidden, ValidationError } from '../../../core/errors.js';
import type { Principal } from '../../users/users.service.js';
import { formPrograms } from '../../samples/forms.js';

/**
 * What the public-health dashboard, line list and notification list share:
 * which programmes the caller may look at, which tests count as "a test"
 * (a PCR panel once, by its result member), which results are positive and
 * which are notified — all as SQL over the catalogue codes, so every figure
 * is aggregated in the database.
 */

/** The public-health programmes the caller holds this permission in (narrowed to `program` when given), or 403. */
export function phPrograms(p: Principal, permission: Permission, program: string | undefined, what: string): string[] {
  const served = programsOfForm('public_health_sample');
  if (program !== undefined && program !== '' && !served.includes(program))
    throw ValidationError.field('program', `"${program.slice(0, 100)}" is not a public-health programme. Choose one of: ${served.join(', ')}.`);
  const names = formPrograms(p, 'public_health_sample', permission, program || undefined);
  if (!names.length) throw forbidden(`Your role may not view ${what}.`);
  return names;
}

/** A family with a line list (`general_program_report/`): its definition's `lineList` says which rows it lists. */
export type LineListFamily = ProgramFamily;

/** Does the family's line list carry the request form's answers (one programme asked for), not the case form's? */
export const listsRequests = (family: LineListFamily): boolean => FAMILIES[family].lineList === 'request';

/**
 * The line list's programmes: the public-health programmes the caller reads
 * (narrowed to `program`), or the one programme asked for of a family whose
 * line list lists one (EID, viral load) when the caller reads it; 403 otherwise.
 */
export function lineListPrograms(p: Principal, program: string | undefined): { names: string[]; family: LineListFamily } {
  const family = program ? programDefinition(program)?.family : undefined;
  if (family !== undefined && listsRequests(family)) {
    const names = formPrograms(p, FAMILIES[family].form, 'read', program);
    if (!names.length) throw forbidden(`Your role may not view the ${program} report.`);
    return { names, family };
  }
  if (program && family !== undefined && FAMILIES[family].lineList !== 'case') {
    const served = programsWithLineList();
    throw ValidationError.field('program', `"${program.slice(0, 100)}" has no line list here. Choose one of: ${served.join(', ')}.`);
  }
  return { names: phPrograms(p, 'read', program, 'the public-health report'), family: 'ph' };
}

/** The panel members that stand for their panel in a family's line list (a viral load: the copies, its log10 beside). */
export const keyMembersOf = (family: LineListFamily): readonly string[] => lineListKeyMembers(family);

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** "A test", for the test type alias `c`: a stand-alone test, or a PCR panel's result member. */
export const phKeyTest = (c: string, members: readonly string[] = keyMembersOf('ph')): SQL =>
  members.length
    ? sql`((${sql.raw(c)}.panel_id is null and not ${sql.raw(c)}.is_panel) or ${sql.raw(c)}.code in (${list(members)}))`
    : sql`(${sql.raw(c)}.panel_id is null and not ${sql.raw(c)}.is_panel)`;

/** Is the result (alias `r`) of the test (alias `c`) positive? One `(code, value)` list from contracts. */
export const phPositiveSql = (c: string, r: string): SQL => {
  const pairs = Object.entries(PH_POSITIVE_RESULTS).flatMap(([code, { values }]) => values.map((v) => sql`(${code}, ${v})`));
  return sql`((${sql.raw(c)}.code, ${sql.raw(r)}.value_text) in (${sql.join(pairs, sql`, `)}))`;
};

/** A flag of a notifiable positive on the result alias. */
export const notifyFlagSql = (r: string): SQL => sql`${sql.raw(r)}.flag in (${list(PH_NOTIFY_FLAGS)})`;

/** The audit action that records a notification. */
export const NOTIFIED_ACTION = 'sample.notified';

/** The sample (alias) has been notified: its audit row. */
export const notifiedSql = (s: string): SQL =>
  sql`exists (select 1 from audit_events a where a.entity = 'sample' and a.entity_id = ${sql.raw(s)}.id::text and a.action = ${NOTIFIED_ACTION})`;
