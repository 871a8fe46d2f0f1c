import { sql, type SQL } from 'drizzle-orm';
import { TB_KEY_MEMBER_CODES } from '@nlims/contracts';
import { type Db, rowsOf } from '../../../core/db.js';
import { forbidden, ValidationError } from '../../../core/errors.js';
import type { Principal } from '../../users/users.service.js';
import { formPrograms } from '../../samples/forms.js';

/**
 * What the TB dashboard and the TB report share besides the kit: who may
 * look (a role holding `read` in Tuberculosis, or the super admin), the
 * `program` parameter, and which tests count as "a TB test".
 */

/** The programmes the caller reads on tb_sample/ (Tuberculosis), or 403. */
export function tbPrograms(p: Principal, what: string): string[] {
  const names = formPrograms(p, 'tb_sample', 'read');
  if (!names.length) throw forbidden(`Your role may not view ${what}.`);
  return names;
}

/** `program`: the programme's name or id; only Tuberculosis is served here. */
export async function checkProgram(db: Db, program: string | undefined): Promise<void> {
  if (program === undefined || program === '') return;
  const name = /^\d{1,9}$/.test(program)
    ? rowsOf<{ name: string }>(await db.execute(sql`select name from programs where id = ${Number(program)}`))[0]?.name
    : program;
  if (name !== 'Tuberculosis') throw ValidationError.field('program', `"${program.slice(0, 100)}" is not served here: this is the Tuberculosis programme's.`);
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * "A TB test", for the test type alias `c`: a stand-alone test, or a panel's key member
 * (a panel expands into member tests when ordered; it counts once, by its key member).
 */
export const keyTest = (c: string): SQL =>
  sql`((${sql.raw(c)}.panel_id is null and not ${sql.raw(c)}.is_panel) or ${sql.raw(c)}.code in (${list(TB_KEY_MEMBER_CODES)}))`;

/**
 * `test_type`, for the test type alias `c`, as `and …` (nothing without one): the test itself, a
 * panel's members, or — for a member — its panel's other members (choosing "Xpert MTB/RIF - RIF
 * resistance" shows the Xpert tests).
 */
export const andOfTestType = (c: string, id: number | undefined): SQL =>
  id === undefined
    ? sql``
    : sql`and (${sql.raw(c)}.id = ${id} or ${sql.raw(c)}.panel_id = ${id} or ${sql.raw(c)}.panel_id = (select x.panel_id from test_types x where x.id = ${id}))`;
