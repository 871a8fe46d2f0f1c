import { inArray, sql, type SQL } from 'drizzle-orm';
import { FAMILIES, type Permission, PROGRAMS, type ProgramForm, programsOfForm } from '@nlims/contracts';
import { mayIn } from '../../core/access.js';
import type { Tx } from '../../core/db.js';
import { notFound, ValidationError } from '../../core/errors.js';
import { programIdsOf } from '../programs/program-ids.js';
import { programs } from '../programs/programs.table.js';
import type { Principal } from '../users/users.service.js';

/** Every wire form, once (DESIGN §4): general_order/, tb_sample/, eid_sample/, vl_sample/, public_health_sample/. */
export const FORMS: readonly ProgramForm[] = [...new Set(Object.values(FAMILIES).map((f) => f.form))];

/**
 * The programmes a request on this form may see with this permission: those
 * the form serves, narrowed to `program__name` when given, where the caller
 * holds the permission (the super admin reads every one).
 */
export function formPrograms(p: Principal, form: ProgramForm, permission: Permission, programName?: string): string[] {
  const served = programsOfForm(form);
  if (programName !== undefined && programName !== '' && !served.includes(programName))
    throw ValidationError.field('program__name', `"${programName}" is not a programme of ${form}/. Choose one of: ${served.join(', ')}.`);
  const wanted = programName ? [programName] : served;
  return wanted.filter((name) => mayIn(p, name, permission));
}

/**
 * `program_id` among these programmes, as one condition a list or a count can
 * use: the ids written as literals (programmes/program-ids.ts), so the planner
 * can walk the (facility, programme, date) index and stop at the page.
 */
export function programIn(column: SQL | { getSQL(): SQL }, names: readonly string[]): SQL {
  if (!names.length) return sql`false`;
  const ids = programIdsOf(names);
  if (ids == null) return sql`${column} in (select ${programs.id} from ${programs} where ${inArray(programs.name, [...names])})`;
  return ids.length ? sql`${column} in (${sql.raw(ids.map((id) => String(Math.trunc(id))).join(', '))})` : sql`false`;
}

/** The programme a new order on this form is for: the form's only one, or `program` on public_health_sample/. */
export async function programOfOrder(tx: Tx, form: ProgramForm, requested: string | undefined): Promise<{ id: number; name: string }> {
  const served = programsOfForm(form);
  const name = served.length === 1 ? served[0]! : requested;
  if (!name) throw ValidationError.field('program', 'This field is required.');
  if (!served.includes(name)) throw ValidationError.field('program', `Choose one of: ${served.join(', ')}.`);
  const [row] = await tx
    .select()
    .from(programs)
    .where(inArray(programs.name, [name]));
  if (!row) throw notFound();
  return row;
}

/**
 * The programmes a list spanning every form asks for (`program__name`, or all
 * fifteen); the caller's roles narrow them further.
 */
export function programsQueried(query: Record<string, unknown>): string[] {
  const named = query.program__name;
  if (named === undefined || named === '') return [...PROGRAMS];
  if (typeof named !== 'string' || !PROGRAMS.includes(named)) throw ValidationError.field('program__name', `Unknown programme "${String(named)}".`);
  return [named];
}
