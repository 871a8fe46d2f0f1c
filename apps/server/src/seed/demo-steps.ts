import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../core/db.js';
import { testTypeMethods } from '../modules/catalogue/catalogue.table.js';
import { clients } from '../modules/clients/clients.table.js';
import { programs } from '../modules/programs/programs.table.js';
import { prepareReview, reviewResults } from '../modules/results/results.service.js';
import { orders } from '../modules/samples/samples.table.js';
import { loadPrincipal, type Principal } from '../modules/users/users.service.js';
import { users } from '../modules/users/users.table.js';

/**
 * What every programme's demo seeder shares (each family folder's demo.ts:
 * tb, eid, vl, ph): the staff who walk the samples through the real services, the
 * check that a laboratory is seeded once, the demo client, and the review
 * done as a laboratory does it.
 */

/** The receptionist, analyst and supervisor of a demo laboratory, by username. */
export interface DemoStaff {
  receptionist: string;
  analyst: string;
  supervisor: string;
}

/** A demo client as the plans declare it. */
export interface DemoClient {
  first_name: string;
  last_name: string;
  sex: 'male' | 'female';
  date_of_birth: string;
  phone: string;
}

const HOUR = 3_600_000;

export async function principalOf(tx: Tx, username: string): Promise<Principal> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
  const p = user && (await loadPrincipal(tx, user.id));
  if (!p) throw new Error(`The demo user ${username} is missing`);
  return p;
}

/** The staff as principals. */
export async function principalsOf(tx: Tx, staff: DemoStaff): Promise<{ receptionist: Principal; analyst: Principal; supervisor: Principal }> {
  return {
    receptionist: await principalOf(tx, staff.receptionist),
    analyst: await principalOf(tx, staff.analyst),
    supervisor: await principalOf(tx, staff.supervisor),
  };
}

/** The programme's row, or null when it is missing or the laboratory already holds an order of it (seeded once). */
export async function programToSeed(tx: Tx, facilityId: number, name: string): Promise<typeof programs.$inferSelect | null> {
  const [program] = await tx.select().from(programs).where(eq(programs.name, name));
  if (!program) return null;
  const [existing] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.facilityId, facilityId), eq(orders.programId, program.id)))
    .limit(1);
  return existing ? null : program;
}

/** Register a demo client two hours before its order (`orderedAt`); its id. */
export async function insertDemoClient(
  tx: Tx,
  facilityId: number,
  by: Principal,
  client: DemoClient,
  orderedAt: Date,
  extra: Partial<typeof clients.$inferInsert> = {},
): Promise<number> {
  const [row] = await tx
    .insert(clients)
    .values({
      facilityId,
      firstName: client.first_name,
      lastName: client.last_name,
      sex: client.sex,
      dateOfBirth: client.date_of_birth,
      phone: client.phone,
      createdBy: by.id,
      createdAt: new Date(orderedAt.getTime() - HOUR),
      ...extra,
    })
    .returning({ id: clients.id });
  return row!.id;
}

/** Verify, then approve with the supervisor's signature, many results at once, as the laboratory does it. */
export async function reviewDemoResults(tx: Tx, supervisor: Principal, toVerify: number[], toApprove: number[], password: string): Promise<void> {
  const db = tx as unknown as Db;
  if (toVerify.length) await reviewResults(tx, supervisor, toVerify, 'verify', await prepareReview(db, supervisor, 'verify', {}));
  if (toApprove.length)
    await reviewResults(tx, supervisor, toApprove, 'approve', await prepareReview(db, supervisor, 'approve', { password, address: 'demo-seed' }));
}

/** The method an analyst picks at entry for each test that declares any (its first), by test type id. */
export async function declaredMethods(tx: Tx): Promise<Map<number, number>> {
  const rows = await tx
    .select({ test: testTypeMethods.testTypeId, method: sql<number>`min(${testTypeMethods.methodId})::int` })
    .from(testTypeMethods)
    .groupBy(testTypeMethods.testTypeId);
  return new Map(rows.map((r) => [r.test, r.method]));
}
