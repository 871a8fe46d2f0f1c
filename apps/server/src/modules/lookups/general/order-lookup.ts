import { generalOrderLookupReply } from '@nlims/contracts';
import { and, eq } from 'drizzle-orm';
import { principalOf } from '../../../core/auth.js';
import type { Db } from '../../../core/db.js';
import type { App } from '../../../core/types.js';
import { facilityTestServices } from '../../facility-settings/facility-settings.table.js';
import type { Principal } from '../../users/users.service.js';
import { activeIdentifierTypes, catalogueTests } from '../lookups.service.js';

export const PRIORITIES = ['routine', 'urgent'] as const;

/** What the lab-order page offers: the facility's active test services (tests and panels) with prices. */
export async function generalOrderLookup(db: Db, principal: Principal) {
  const tests = await catalogueTests(db, 'General');
  const services = principal.facilityId
    ? await db
        .select()
        .from(facilityTestServices)
        .where(and(eq(facilityTestServices.facility, principal.facilityId), eq(facilityTestServices.is_active, true)))
    : [];
  const price = new Map(services.map((s) => [s.test_type, s.price]));
  return {
    tests: tests.filter((t) => price.has(t.id) || (t.panel != null && price.has(t.panel))).map((t) => ({ ...t, price: price.get(t.id) ?? null })),
    priorities: [...PRIORITIES],
    identifier_types: await activeIdentifierTypes(db),
  };
}

export function generalOrderLookupRoutes(app: App, db: Db): void {
  app.get(
    '/api/general_order_look_up/',
    { schema: { tags: ['lookups'], summary: "The facility's orderable tests and panels with prices", response: { 200: generalOrderLookupReply } } },
    (request) => generalOrderLookup(db, principalOf(request)),
  );
}
