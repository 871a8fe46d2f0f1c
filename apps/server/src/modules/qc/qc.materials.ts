/** The caller's facility's QC materials and machines, as a run, its rules and its charts name them. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { machineSettings, qcMaterials } from '../facility-settings/facility-settings.table.js';
import { programs } from '../programs/programs.table.js';
import type { Principal } from '../users/users.service.js';

export interface Material {
  id: number;
  name: string;
  level: string;
  lot_number: string;
  target_mean: number;
  target_sd: number;
  unit: string;
  test_type: number;
  program: string;
  /** The lot's mean and SD are still being established from its first results: no rule judges it. */
  establishing: boolean;
}

/** The caller's facility's materials by id, each with its test's programme; a material of another facility is not found. */
export async function materialsOf(db: Tx, p: Principal, ids: readonly number[]): Promise<Map<number, Material>> {
  const rows = await db
    .select({
      id: qcMaterials.id,
      name: qcMaterials.name,
      level: qcMaterials.level,
      lot_number: qcMaterials.lot_number,
      target_mean: qcMaterials.target_mean,
      target_sd: qcMaterials.target_sd,
      unit: qcMaterials.unit,
      test_type: qcMaterials.test_type,
      program: programs.name,
      establishing: sql<boolean>`${qcMaterials.establish} and ${qcMaterials.established_at} is null`,
    })
    .from(qcMaterials)
    .innerJoin(testTypes, eq(testTypes.id, qcMaterials.test_type))
    .innerJoin(programs, eq(programs.id, testTypes.program))
    .where(and(inArray(qcMaterials.id, [...ids]), eq(qcMaterials.facility, p.facilityId ?? -1), eq(qcMaterials.is_active, true)));
  return new Map(rows.map((r) => [r.id, r]));
}
/** A machine of the caller's facility, or a 400 on `machine`. */
export async function machineHere(db: Tx, p: Principal, id: number): Promise<void> {
  const [machine] = await db
    .select({ id: machineSettings.id })
    .from(machineSettings)
    .where(and(eq(machineSettings.id, id), eq(machineSettings.facility, p.facilityId ?? -1)));
  if (!machine) throw ValidationError.field('machine', `Invalid pk "${id}" - object does not exist.`);
}
