import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../core/db.js';
import { facilities } from '../facilities/facilities.table.js';
import { lgas, states } from '../geo/geo.table.js';
import { antibiotics, methods, organisms, sampleTypes } from '../reference/reference.table.js';
import { getOrder } from '../samples/samples.read.js';
import type { Principal } from '../users/principal.js';
import { users } from '../users/users.table.js';

/** Everything a printed report or label shows, gathered in a handful of queries. */
export async function reportData(db: Db, p: Principal, id: number) {
  const order = await getOrder(db, p, id);
  const [facilityRow] = await db
    .select({ f: facilities, state: states.name, lga: lgas.name })
    .from(facilities)
    .innerJoin(states, eq(states.id, facilities.stateId))
    .innerJoin(lgas, eq(lgas.id, facilities.lgaId))
    .where(eq(facilities.id, order.facility));
  const results = order.tests.map((t) => t.result).filter((r) => r != null);
  const usernames = [...new Set(results.flatMap((r) => [r.entered_by, r.verified_by, r.approved_by]).filter((u): u is string => !!u))];
  const people = usernames.length
    ? await db.select({ username: users.username, first: users.firstName, last: users.lastName }).from(users).where(inArray(users.username, usernames))
    : [];
  const methodIds = results.map((r) => r.method).filter((m): m is number => m != null);
  const methodNames = methodIds.length ? await db.select({ id: methods.id, name: methods.name }).from(methods).where(inArray(methods.id, methodIds)) : [];
  const organismIds = results.flatMap((r) => r.isolates.map((i) => i.organism));
  const antibioticIds = results.flatMap((r) => r.isolates.flatMap((i) => i.antibiogram.map((a) => a.antibiotic)));
  const organismNames = organismIds.length
    ? await db.select({ id: organisms.id, name: organisms.name }).from(organisms).where(inArray(organisms.id, organismIds))
    : [];
  const antibioticNames = antibioticIds.length
    ? await db.select({ id: antibiotics.id, name: antibiotics.name }).from(antibiotics).where(inArray(antibiotics.id, antibioticIds))
    : [];
  const [sample] = order.sample_type ? await db.select({ name: sampleTypes.name }).from(sampleTypes).where(eq(sampleTypes.id, order.sample_type)) : [];
  const person = (username: string | null) => {
    const found = people.find((x) => x.username === username);
    return found ? `${found.first} ${found.last}`.trim() || found.username : (username ?? '—');
  };
  return {
    order,
    facility: { ...facilityRow!.f, state: facilityRow!.state, lga: facilityRow!.lga },
    sampleType: sample?.name ?? '—',
    person,
    method: (mid: number | null) => methodNames.find((m) => m.id === mid)?.name ?? '',
    organism: (oid: number) => organismNames.find((o) => o.id === oid)?.name ?? `#${oid}`,
    antibiotic: (aid: number) => antibioticNames.find((a) => a.id === aid)?.name ?? `#${aid}`,
  };
}
export type ReportData = Awaited<ReturnType<typeof reportData>>;
