import type { BillingSettings, TestPriceItem } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../core/db.js';
import { forbidden } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { type Principal, userName } from '../users/users.service.js';
import { iso } from '../../core/sql-values.js';
import { isFacilityAdmin, staffFacility } from './billing.access.js';
import { billingSettings } from './billing.table.js';

/** The facility's billing setting (off until its administrator turns it on), read by any of its staff. */
export async function getBillingSettings(db: Tx, p: Principal): Promise<BillingSettings> {
  const facility = staffFacility(p);
  const [row] = rowsOf<{ hold: boolean; by: string | null; at: unknown }>(
    await db.execute(sql`select b.hold_until_paid as hold, case when b.updated_by is null then null else ${userName(sql`b.updated_by`)} end as by, b.updated_at as at
                         from ${billingSettings} b where b.facility_id = ${facility}`),
  );
  return { hold_until_paid: row?.hold ?? false, updated_by: row?.by ?? null, updated_at: iso(row?.at), may_edit: isFacilityAdmin(p) };
}

/** Hold results until paid, or not: the facility's administrator decides, audited with the value before and after. */
export async function setBillingSettings(tx: Tx, p: Principal, body: { hold_until_paid: boolean }, now = new Date()): Promise<BillingSettings> {
  const facility = staffFacility(p);
  if (!isFacilityAdmin(p)) throw forbidden('Only the facility’s administrator changes the billing setting.');
  const before = await getBillingSettings(tx, p);
  await tx
    .insert(billingSettings)
    .values({ facilityId: facility, holdUntilPaid: body.hold_until_paid, updatedBy: p.id, updatedAt: now })
    .onConflictDoUpdate({ target: billingSettings.facilityId, set: { holdUntilPaid: body.hold_until_paid, updatedBy: p.id, updatedAt: now } });
  await recordAudit(tx, p, {
    action: 'billing.settings_changed',
    entity: 'billing_settings',
    entityId: String(facility),
    before: { hold_until_paid: before.hold_until_paid },
    after: { hold_until_paid: body.hold_until_paid },
    at: now,
  });
  return getBillingSettings(tx, p);
}

/**
 * The facility's price list (read-only; it follows the test services): one test's prices in time, newest first, or
 * the price in force now of every test, with the moment it took effect.
 */
export async function testPrices(db: Tx, p: Principal, testType: number | undefined): Promise<TestPriceItem[]> {
  const facility = staffFacility(p);
  const rows = rowsOf<Omit<TestPriceItem, 'effective_from'> & { effective_from: unknown }>(
    await db.execute(
      testType != null
        ? sql`select p.id, p.test_type_id as test_type, t.name as test_type_name, p.amount_kobo, p.effective_from
              from test_prices p join test_types t on t.id = p.test_type_id
              where p.facility_id = ${facility} and p.test_type_id = ${testType}
              order by p.effective_from desc, p.id desc`
        : sql`select distinct on (p.test_type_id) p.id, p.test_type_id as test_type, t.name as test_type_name, p.amount_kobo, p.effective_from
              from test_prices p join test_types t on t.id = p.test_type_id
              where p.facility_id = ${facility} and p.effective_from <= now()
              order by p.test_type_id, p.effective_from desc, p.id desc`,
    ),
  );
  return rows.map((r) => ({ ...r, amount_kobo: Number(r.amount_kobo), effective_from: iso(r.effective_from)! }));
}
