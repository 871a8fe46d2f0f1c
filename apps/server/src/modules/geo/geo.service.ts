import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../core/db.js';
import { notFound, ValidationError } from '../../core/errors.js';
import { lgas, states } from './geo.table.js';

export const listStates = (db: Db) => db.select().from(states).orderBy(asc(states.name));

export async function getState(db: Db, id: number) {
  const [row] = await db.select().from(states).where(eq(states.id, id));
  if (!row) throw notFound();
  return row;
}

export async function assertStateExists(db: Db, id: number, field: string): Promise<void> {
  const [row] = await db.select({ id: states.id }).from(states).where(eq(states.id, id));
  if (!row) throw ValidationError.field(field, `Invalid pk "${id}" - object does not exist.`);
}

export async function listLgas(db: Db, stateId?: number) {
  if (stateId != null) await assertStateExists(db, stateId, 'state');
  const query = db.select({ id: lgas.id, name: lgas.name, state: lgas.stateId }).from(lgas);
  return (stateId != null ? query.where(eq(lgas.stateId, stateId)) : query).orderBy(asc(lgas.name));
}

export async function getLga(db: Db, id: number) {
  const [row] = await db.select({ id: lgas.id, name: lgas.name, state: lgas.stateId }).from(lgas).where(eq(lgas.id, id));
  if (!row) throw notFound();
  return row;
}
