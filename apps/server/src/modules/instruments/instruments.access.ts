import { mayWorkInstrumentQueue } from '@nlims/contracts';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { programsRead } from '../../core/access.js';
import type { Tx } from '../../core/db.js';
import { forbidden } from '../../core/errors.js';
import type { Principal } from '../../core/principal.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { machineSettings } from '../facility-settings/facility-settings.table.js';
import { programIn } from '../samples/forms.js';
import { samples, testOrders } from '../samples/samples.table.js';
import { instrumentMessages, type instrumentUnmatched } from './instruments.table.js';

/**
 * Who reads the messages and works the unmatched queue, in one place: a supervisor or manager of the facility, for
 * the machines whose tests belong to a programme it supervises or manages (a machine that names no test: any of its
 * programmes). Another facility's rows are not found; the super admin and the officials hold no facility role (403).
 */
export async function queueScope(tx: Tx, p: Principal): Promise<{ facilityId: number; machines: number[]; readable: string[] }> {
  if (p.isSuperuser || p.facilityId == null || p.apiClient) throw forbidden('The instruments’ messages are read by the facility’s supervisors and managers.');
  const mine = p.roles.filter((r) => mayWorkInstrumentQueue([r])).map((r) => r.programId);
  if (!mine.length) throw forbidden('Only a supervisor or manager works the instruments’ unmatched results.');
  const machines = await tx
    .select({ id: machineSettings.id, tests: machineSettings.tests })
    .from(machineSettings)
    .where(eq(machineSettings.facility, p.facilityId));
  const testIds = [...new Set(machines.flatMap((m) => m.tests ?? []))];
  const programOf = new Map(
    testIds.length
      ? (await tx.select({ id: testTypes.id, program: testTypes.program }).from(testTypes).where(inArray(testTypes.id, testIds))).map((t) => [t.id, t.program])
      : [],
  );
  const allowed = machines.filter((m) => !(m.tests ?? []).length || (m.tests ?? []).some((t) => mine.includes(programOf.get(t) ?? -1))).map((m) => m.id);
  return { facilityId: p.facilityId, machines: allowed, readable: programsRead(p) };
}

/**
 * Programme membership (DESIGN §3): one machine may run several programmes' tests, and what it sent names samples.
 * A queued row, or a message, naming a sample of the facility in a programme the caller does not read is not the
 * caller's: absent from the lists and their counts, not found by its id, and never a match candidate.
 */
const unreadSample = (facility: number, codes: SQL, readable: readonly string[]) =>
  sql`exists (select 1 from ${samples} us where us.barcode = any(${codes}) and us.facility_id = ${facility} and not (${programIn(sql.raw('us.program_id'), readable)}))`;
/** A queued row (table or alias `u`) the caller may see: its barcode names no unread sample, and its match, if any, a test the caller reads. */
export const rowSeen = (u: string, facility: number, readable: readonly string[]) =>
  sql`(not ${unreadSample(facility, sql.raw(`array[${u}.barcode, upper(${u}.barcode)]`), readable)}
    and (${sql.raw(`${u}.test_order_id`)} is null or exists (select 1 from ${testOrders} ut where ut.id = ${sql.raw(`${u}.test_order_id`)} and ${programIn(sql.raw('ut.program_id'), readable)})))`;
/** The words of a message (HL7 or ASTM fields and components), as sent and upper-cased: the barcodes it may carry. */
const WORDS = '[^A-Za-z0-9._/-]+';
/** A message (and its replies, which answer a host query with a sample's tests) naming no sample the caller does not read. */
export const messageSeen = (facility: number, readable: readonly string[]) =>
  sql`not exists (select 1 from ${instrumentMessages} mm where (mm.id = instrument_messages.id or mm.reply_to = instrument_messages.id)
    and ${unreadSample(facility, sql`regexp_split_to_array(mm.raw, ${WORDS}) || regexp_split_to_array(upper(mm.raw), ${WORDS})`, readable)})`;

export const inMachines = (column: SQL | typeof instrumentUnmatched.machineId, ids: number[]) => (ids.length ? inArray(column as never, ids) : sql`false`);
