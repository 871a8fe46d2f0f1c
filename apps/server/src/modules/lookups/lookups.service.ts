import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { testTypes, testTypeSampleTypes } from '../catalogue/catalogue.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { lgas, states } from '../geo/geo.table.js';
import { programs } from '../programs/programs.table.js';
import { clientIdentifierTypes, methods, occupations, rejectionReasons, resultRejectionReasons, sampleTypes } from '../reference/reference.table.js';
import type { Principal } from '../users/users.service.js';

export const activeSampleTypes = (db: Db) =>
  db
    .select({ id: sampleTypes.id, name: sampleTypes.name, code: sampleTypes.code })
    .from(sampleTypes)
    .where(eq(sampleTypes.is_active, true))
    .orderBy(asc(sampleTypes.name));
export const activeIdentifierTypes = (db: Db) =>
  db
    .select({ id: clientIdentifierTypes.id, name: clientIdentifierTypes.name, code: clientIdentifierTypes.code })
    .from(clientIdentifierTypes)
    .where(eq(clientIdentifierTypes.is_active, true))
    .orderBy(asc(clientIdentifierTypes.id));

/** Active catalogue tests, optionally of one programme, with the sample types each accepts. */
export async function catalogueTests(db: Db, programName?: string) {
  const where: SQL[] = [eq(testTypes.is_active, true)];
  if (programName) {
    const [program] = await db.select().from(programs).where(eq(programs.name, programName));
    if (!program) throw ValidationError.field('program__name', `Unknown programme "${programName}".`);
    where.push(eq(testTypes.program, program.id));
  }
  const tests = await db
    .select({
      id: testTypes.id,
      name: testTypes.name,
      code: testTypes.code,
      program: testTypes.program,
      program_name: programs.name,
      result_type: testTypes.result_type,
      unit: testTypes.unit,
      codes: testTypes.codes,
      is_culture: testTypes.is_culture,
      is_panel: testTypes.is_panel,
      panel: testTypes.panel,
    })
    .from(testTypes)
    .innerJoin(programs, eq(programs.id, testTypes.program))
    .where(and(...where))
    .orderBy(asc(testTypes.name));
  const links = tests.length
    ? await db
        .select()
        .from(testTypeSampleTypes)
        .where(
          inArray(
            testTypeSampleTypes.testTypeId,
            tests.map((t) => t.id),
          ),
        )
    : [];
  return tests.map((t) => ({ ...t, sample_types: links.filter((l) => l.testTypeId === t.id).map((l) => l.sampleTypeId) }));
}

export async function collectionLookup(db: Db) {
  return {
    sample_types: await activeSampleTypes(db),
    identifier_types: await activeIdentifierTypes(db),
    occupations: await db
      .select({ id: occupations.id, name: occupations.name })
      .from(occupations)
      .where(eq(occupations.is_active, true))
      .orderBy(asc(occupations.name)),
    rejection_reasons: await db
      .select({ id: rejectionReasons.id, reason: rejectionReasons.reason })
      .from(rejectionReasons)
      .where(eq(rejectionReasons.is_active, true)),
    result_rejection_reasons: await db
      .select({ id: resultRejectionReasons.id, reason: resultRejectionReasons.reason })
      .from(resultRejectionReasons)
      .where(eq(resultRejectionReasons.is_active, true)),
  };
}

/** Facilities a user may pick: the tier user's jurisdiction, everything for others. */
export async function facilityLookup(db: Db, principal: Principal) {
  const where: SQL[] = [eq(facilities.isActive, true)];
  if (principal.userLocation === 2 && principal.stateId) where.push(eq(facilities.stateId, principal.stateId));
  if (principal.userLocation === 3 && principal.lgaId) where.push(eq(facilities.lgaId, principal.lgaId));
  return db
    .select({
      id: facilities.id,
      facility_name: facilities.facilityName,
      facility_code: facilities.facilityCode,
      facility_type: facilities.facilityType,
      tier: facilities.tier,
      state: facilities.stateId,
      lga: facilities.lgaId,
      is_testing_lab: facilities.isTestingLab,
    })
    .from(facilities)
    .where(and(...where))
    .orderBy(asc(facilities.facilityName));
}

/** The places a user may filter by, at one scope level; nothing without a scope (SPEC §5). */
export async function userLocationLookup(db: Db, principal: Principal, scope: 'state' | 'lga' | 'facility' | undefined) {
  if (!scope) return [];
  if (scope === 'state') {
    const q = db.select({ id: states.id, name: states.name }).from(states);
    return principal.userLocation && principal.userLocation > 1 && principal.stateId ? q.where(eq(states.id, principal.stateId)) : q.orderBy(asc(states.name));
  }
  if (scope === 'lga') {
    const q = db.select({ id: lgas.id, name: lgas.name, state: lgas.stateId }).from(lgas);
    if (principal.userLocation === 3 && principal.lgaId) return q.where(eq(lgas.id, principal.lgaId));
    if (principal.userLocation === 2 && principal.stateId) return q.where(eq(lgas.stateId, principal.stateId)).orderBy(asc(lgas.name));
    return q.orderBy(asc(lgas.name));
  }
  return (await facilityLookup(db, principal)).map(({ id, facility_name, state, lga }) => ({ id, name: facility_name, state, lga }));
}

/**
 * The dashboard query's choices (SPEC §3) in the caller's area: an official's states, LGAs and facilities
 * (user_location_look_up/), a facility's staff their own facility and its place; the programmes, tests and methods.
 */
export async function dashboardFilter(db: Db, principal: Principal) {
  const staff = !principal.isSuperuser && principal.userLocation == null;
  let places = {
    states: await userLocationLookup(db, principal, 'state'),
    lgas: await userLocationLookup(db, principal, 'lga'),
    facilities: await userLocationLookup(db, principal, 'facility'),
  };
  if (staff) {
    const own = (places.facilities as { id: number; name: string; state: number | null; lga: number | null }[]).filter((f) => f.id === principal.facilityId);
    places = {
      facilities: own,
      states: places.states.filter((s) => own.some((f) => f.state === s.id)),
      lgas: places.lgas.filter((l) => own.some((f) => f.lga === l.id)),
    };
  }
  return {
    programs: await db.select().from(programs).orderBy(asc(programs.id)),
    test_types: (await catalogueTests(db)).filter((t) => !t.is_panel).map(({ id, name, code, program }) => ({ id, name, code, program })),
    ...places,
    methods: await db.select({ id: methods.id, name: methods.name }).from(methods).where(eq(methods.is_active, true)).orderBy(asc(methods.name)),
    periodicity: ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'],
  };
}
