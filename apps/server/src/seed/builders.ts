import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FacilityTier, FacilityType, Role } from '@nlims/contracts';
import type { Tx } from '../core/db.js';
import { facilities, facilityPrograms } from '../modules/facilities/facilities.table.js';
import { lgas, states } from '../modules/geo/geo.table.js';
import { programs } from '../modules/programs/programs.table.js';
import { userProgramRoles, users } from '../modules/users/users.table.js';
import { testTypes } from '../modules/catalogue/catalogue.table.js';
import { facilityTestServices } from '../modules/facility-settings/facility-settings.table.js';
import { benches } from '../modules/reference/reference.table.js';

/** Builders shared by the demo seed and the tests: each returns the existing row when already there. */

export async function stateAndLga(tx: Tx, stateName: string, lgaName?: string): Promise<{ stateId: number; lgaId: number | null }> {
  const [state] = await tx.select().from(states).where(eq(states.name, stateName));
  if (!state) throw new Error(`Unknown state ${stateName}`);
  if (!lgaName) return { stateId: state.id, lgaId: null };
  const [lga] = await tx
    .select()
    .from(lgas)
    .where(and(eq(lgas.stateId, state.id), eq(lgas.name, lgaName)));
  if (!lga) throw new Error(`Unknown LGA ${lgaName} in ${stateName}`);
  return { stateId: state.id, lgaId: lga.id };
}

export async function programIds(tx: Tx): Promise<Map<string, number>> {
  return new Map((await tx.select().from(programs)).map((p) => [p.name, p.id]));
}

export interface FacilitySeed {
  name: string;
  code: string;
  type: FacilityType;
  tier: FacilityTier;
  state: string;
  lga: string;
  address?: string;
  programs: string[];
}

export async function seedFacility(tx: Tx, f: FacilitySeed): Promise<number> {
  const [existing] = await tx.select({ id: facilities.id }).from(facilities).where(eq(facilities.facilityCode, f.code));
  if (existing) return existing.id;
  const { stateId, lgaId } = await stateAndLga(tx, f.state, f.lga);
  const [row] = await tx
    .insert(facilities)
    .values({
      facilityName: f.name,
      facilityCode: f.code,
      facilityType: f.type,
      tier: f.tier,
      stateId,
      lgaId: lgaId!,
      address: f.address ?? `${f.lga}, ${f.state}`,
    })
    .returning({ id: facilities.id });
  const ids = await programIds(tx);
  if (f.programs.length) await tx.insert(facilityPrograms).values(f.programs.map((p) => ({ facilityId: row!.id, programId: ids.get(p)! })));
  return row!.id;
}

export interface UserSeed {
  username: string;
  passwordHash: string;
  firstName?: string;
  lastName?: string;
  isSuperuser?: boolean;
  facilityId?: number | null;
  userLocation?: number | null;
  state?: string;
  lga?: string;
  department?: string;
  roles?: [program: string, role: Role][];
  isDemo?: boolean;
}

export async function seedUser(tx: Tx, u: UserSeed): Promise<number> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.username, u.username));
  if (existing) return existing.id;
  const place = u.state ? await stateAndLga(tx, u.state, u.lga) : { stateId: null, lgaId: null };
  const [row] = await tx
    .insert(users)
    .values({
      username: u.username,
      passwordHash: u.passwordHash,
      firstName: u.firstName ?? '',
      lastName: u.lastName ?? '',
      isSuperuser: u.isSuperuser ?? false,
      facilityId: u.facilityId ?? null,
      userLocation: u.userLocation ?? null,
      stateId: place.stateId,
      lgaId: place.lgaId,
      department: u.department ?? null,
      isDemo: u.isDemo ?? false,
    })
    .returning({ id: users.id });
  const ids = await programIds(tx);
  if (u.roles?.length) {
    await tx.insert(userProgramRoles).values(u.roles.map(([program, role]) => ({ userId: row!.id, programId: ids.get(program)!, role })));
  }
  return row!.id;
}

/** Demo prices in naira for the General and TB tests, roughly what Nigerian laboratories charge. */
const DEMO_PRICES: Record<string, number> = {
  FBC: 5000,
  ESR: 1500,
  'PT-INR': 6000,
  APTT: 5500,
  'BLOOD-GROUP': 1500,
  'HB-GENOTYPE': 2500,
  CD4: 6000,
  LFT: 9000,
  EUCR: 8500,
  LIPID: 9500,
  FBG: 1500,
  RBG: 1500,
  HBA1C: 8000,
  'URIC-ACID': 3000,
  CALCIUM: 3000,
  MAGNESIUM: 3500,
  PHOSPHATE: 3000,
  AMYLASE: 5000,
  CRP: 6000,
  PSA: 10000,
  TSH: 9000,
  FT4: 9000,
  UA: 1500,
  'MAL-RDT': 1500,
  'MP-MICRO': 1500,
  'MP-DENSITY': 2000,
  'STOOL-OCP': 2000,
  'HIV-RT': 1000,
  'HBSAG-RDT': 2000,
  'HCV-RDT': 2500,
  'SYPHILIS-RDT': 2000,
  'HCG-URINE': 1500,
  'HPYLORI-AG': 4500,
  WIDAL: 2500,
  'URINE-MCS': 5000,
  'BLOOD-MCS': 12000,
  'WOUND-MCS': 5500,
  'HVS-MCS': 5500,
  'STOOL-MCS': 5500,
  'CSF-MCS': 7000,
  'SPUTUM-MCS': 5500,
  'THROAT-MCS': 5000,
  // Tuberculosis: what a laboratory charges where the programme does not cover the test.
  'TB-ZN': 1500,
  'TB-LED': 2000,
  'TB-XPERT': 7500,
  'TB-ULTRA': 8500,
  'TB-LAMP': 5000,
  'TB-LAM': 3500,
  'TB-LPA1': 15000,
  'TB-LPA2': 18000,
  'TB-CULTURE': 20000,
  'TB-CULTURE-LJ': 12000,
  'TB-DST1': 35000,
};
/** Tests that do not go to the first bench of their section. */
const DEMO_BENCHES: Record<string, string> = { 'PT-INR': 'HAEM-2', APTT: 'HAEM-2', PSA: 'CHEM-2', TSH: 'CHEM-2', FT4: 'CHEM-2', CD4: 'SERO-2' };

/**
 * Offer every orderable test of a programme (panels and stand-alone tests) at
 * a facility, with a plausible price and the bench of its section that runs it.
 */
export async function seedTestServices(tx: Tx, facilityId: number, program: string): Promise<void> {
  const ids = await programIds(tx);
  const tests = await tx
    .select({ id: testTypes.id, code: testTypes.code, section: testTypes.section, isPanel: testTypes.is_panel })
    .from(testTypes)
    .where(and(eq(testTypes.program, ids.get(program)!), isNull(testTypes.panel)));
  if (!tests.length) return;
  const allBenches = await tx.select().from(benches).orderBy(asc(benches.code));
  const benchFor = (t: (typeof tests)[number]) =>
    (allBenches.find((b) => b.code === DEMO_BENCHES[t.code]) ?? allBenches.find((b) => b.section === t.section))?.id ?? null;
  await tx
    .insert(facilityTestServices)
    .values(
      tests.map((t) => ({
        facility: facilityId,
        test_type: t.id,
        price: DEMO_PRICES[t.code] ?? (t.isPanel ? 6500 : 1500 + ((t.id * 700) % 6000)),
        bench: benchFor(t),
      })),
    )
    .onConflictDoNothing();
}
