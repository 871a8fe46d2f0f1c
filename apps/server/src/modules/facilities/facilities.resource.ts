import { eq, inArray } from 'drizzle-orm';
import { facilityBody, facilityItem, type FacilityBody } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { renameFields, superuserOnly, type ResourceDef } from '../../core/resource.js';
import { lgas, states } from '../geo/geo.table.js';
import { programs } from '../programs/programs.table.js';
import { labNetworks } from '../reference/reference.table.js';
import { facilities, facilityLabNetworks, facilityPrograms } from './facilities.table.js';

const RENAME: Record<string, string> = {
  facility_name: 'facilityName',
  facility_code: 'facilityCode',
  facility_type: 'facilityType',
  tier: 'tier',
  state: 'stateId',
  lga: 'lgaId',
  address: 'address',
  phone: 'phone',
  email: 'email',
  is_testing_lab: 'isTestingLab',
  is_active: 'isActive',
};

async function assertIds(tx: Tx, field: string, table: typeof programs | typeof labNetworks, ids: number[] | undefined) {
  if (!ids?.length) return;
  const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw ValidationError.field(field, `Invalid pk "${missing[0]}" - object does not exist.`);
}

/** The LGA must exist and lie in the chosen state (on update, against the stored one when only one changes). */
async function validate(tx: Tx, body: Partial<FacilityBody>, _p: unknown, existingId?: number) {
  let stateId = body.state;
  let lgaId = body.lga;
  if (existingId && (stateId === undefined || lgaId === undefined)) {
    const [row] = await tx.select({ stateId: facilities.stateId, lgaId: facilities.lgaId }).from(facilities).where(eq(facilities.id, existingId));
    stateId ??= row?.stateId;
    lgaId ??= row?.lgaId;
  }
  if (body.state !== undefined) {
    const [s] = await tx.select({ id: states.id }).from(states).where(eq(states.id, body.state));
    if (!s) throw ValidationError.field('state', `Invalid pk "${body.state}" - object does not exist.`);
  }
  if (lgaId !== undefined && (body.lga !== undefined || body.state !== undefined)) {
    const [l] = await tx.select({ stateId: lgas.stateId }).from(lgas).where(eq(lgas.id, lgaId));
    if (!l) throw ValidationError.field('lga', `Invalid pk "${lgaId}" - object does not exist.`);
    if (l.stateId !== stateId) throw ValidationError.field('lga', 'The LGA is not in the chosen state.');
  }
  await assertIds(tx, 'programs', programs, body.programs);
  await assertIds(tx, 'lab_networks', labNetworks, body.lab_networks);
}

async function afterSave(tx: Tx, id: number, body: Partial<FacilityBody>) {
  if (body.programs) {
    await tx.delete(facilityPrograms).where(eq(facilityPrograms.facilityId, id));
    if (body.programs.length) await tx.insert(facilityPrograms).values([...new Set(body.programs)].map((programId) => ({ facilityId: id, programId })));
  }
  if (body.lab_networks) {
    await tx.delete(facilityLabNetworks).where(eq(facilityLabNetworks.facilityId, id));
    if (body.lab_networks.length) {
      await tx.insert(facilityLabNetworks).values([...new Set(body.lab_networks)].map((labNetworkId) => ({ facilityId: id, labNetworkId })));
    }
  }
}

/** Programme and network ids for a page of facilities, in two queries. */
async function expand(tx: Tx, rows: Record<string, unknown>[]) {
  const ids = rows.map((r) => r.id as number);
  if (!ids.length) return rows;
  const progs = await tx.select().from(facilityPrograms).where(inArray(facilityPrograms.facilityId, ids));
  const nets = await tx.select().from(facilityLabNetworks).where(inArray(facilityLabNetworks.facilityId, ids));
  return rows.map((r) => ({
    ...r,
    programs: progs.filter((p) => p.facilityId === r.id).map((p) => p.programId),
    lab_networks: nets.filter((n) => n.facilityId === r.id).map((n) => n.labNetworkId),
  }));
}

export const facilityResource: ResourceDef = {
  path: 'facilities',
  entity: 'facility',
  table: facilities,
  id: facilities.id,
  fields: {
    id: facilities.id,
    facility_name: facilities.facilityName,
    facility_code: facilities.facilityCode,
    facility_type: facilities.facilityType,
    tier: facilities.tier,
    state: facilities.stateId,
    state_name: states.name,
    lga: facilities.lgaId,
    lga_name: lgas.name,
    address: facilities.address,
    phone: facilities.phone,
    email: facilities.email,
    is_testing_lab: facilities.isTestingLab,
    is_active: facilities.isActive,
  },
  join: (q) =>
    (q as unknown as { leftJoin: (...a: unknown[]) => { leftJoin: (...a: unknown[]) => unknown } })
      .leftJoin(states, eq(states.id, facilities.stateId))
      .leftJoin(lgas, eq(lgas.id, facilities.lgaId)) as typeof q,
  item: facilityItem,
  body: facilityBody,
  toValues: (body) => renameFields(body, RENAME),
  validate,
  afterSave,
  expand,
  search: [facilities.facilityName, facilities.facilityCode, facilities.address],
  filters: { facility_type: facilities.facilityType, tier: facilities.tier, state: facilities.stateId, lga: facilities.lgaId, is_active: facilities.isActive },
  ordering: {
    facility_name: facilities.facilityName,
    facility_code: facilities.facilityCode,
    facility_type: facilities.facilityType,
    tier: facilities.tier,
    state: states.name as never,
    created_at: facilities.createdAt,
  },
  defaultOrdering: 'facility_name',
  access: { read: superuserOnly, write: superuserOnly, delete: false },
  customList: true,
  tags: ['facilities'],
};
