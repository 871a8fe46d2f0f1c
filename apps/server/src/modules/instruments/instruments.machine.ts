import { INSTRUMENT_USER_PREFIX } from '@nlims/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../core/db.js';
import type { Principal } from '../../core/principal.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { facilities, facilityPrograms } from '../facilities/facilities.table.js';
import { machineSettings } from '../facility-settings/facility-settings.table.js';
import { programs } from '../programs/programs.table.js';
import { users } from '../users/users.table.js';

/** A machine as the listeners need it, read afresh for each message (its tests may have changed). */
export interface Machine {
  id: number;
  facilityId: number;
  name: string;
  instrument: number | null;
  tests: number[];
  protocol: 'hl7' | 'astm';
}

/** One result as an analyser sent it, whatever the protocol. */
export interface Observation {
  barcode: string;
  testCode: string;
  value: string;
  units: string;
  flags: string;
  referenceRange: string;
  observedAt: Date | null;
  /** The analyser says the value could not be obtained (HL7 OBX-11 X, ASTM R-9 X). */
  cannotObtain?: boolean;
}

export async function loadMachine(db: Tx, id: number): Promise<Machine | null> {
  const [row] = await db
    .select({
      id: machineSettings.id,
      facilityId: machineSettings.facility,
      name: machineSettings.name,
      instrument: machineSettings.instrument,
      tests: machineSettings.tests,
      protocol: machineSettings.protocol,
      active: machineSettings.is_active,
    })
    .from(machineSettings)
    .where(eq(machineSettings.id, id));
  if (!row?.active || (row.protocol !== 'hl7' && row.protocol !== 'astm')) return null;
  return { id: row.id, facilityId: row.facilityId, name: row.name, instrument: row.instrument, tests: row.tests ?? [], protocol: row.protocol };
}

/**
 * The caller analysers' results are entered as: one user per facility, "Instrument interface"
 * (`instrument-interface-<facility>`), acting with the Analyst role in the programmes of the machine's tests (every
 * programme the facility runs when the machine names no test) at the machine's facility. Its row holds no facility,
 * no role and no password (an empty hash: every sign-in with it is refused as a wrong password) and is inactive, so
 * it never signs in and no administrator's user list shows it; the role and the facility are given here, to the
 * intake alone. It exists so that each result names who entered it, and the audit trail whose.
 */
export async function instrumentPrincipal(tx: Tx, machine: Machine): Promise<Principal> {
  const username = `${INSTRUMENT_USER_PREFIX}${machine.facilityId}`;
  await tx
    .insert(users)
    .values({ username, passwordHash: '', firstName: 'Instrument', lastName: 'interface', isActive: false, facilityId: null, department: 'Instruments' })
    .onConflictDoNothing({ target: users.username });
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
  const roles = machine.tests.length
    ? await tx
        .selectDistinct({ program: programs.name, programId: programs.id })
        .from(testTypes)
        .innerJoin(programs, eq(programs.id, testTypes.program))
        .where(inArray(testTypes.id, machine.tests))
    : await tx
        .select({ program: programs.name, programId: programs.id })
        .from(facilityPrograms)
        .innerJoin(programs, eq(programs.id, facilityPrograms.programId))
        .where(eq(facilityPrograms.facilityId, machine.facilityId));
  const [facility] = await tx.select({ type: facilities.facilityType }).from(facilities).where(eq(facilities.id, machine.facilityId));
  return {
    id: user!.id,
    username,
    isSuperuser: false,
    isActive: true,
    facilityId: machine.facilityId,
    facilityType: facility?.type ?? null,
    userLocation: null,
    stateId: null,
    lgaId: null,
    roles: roles.map((r) => ({ program: r.program, programId: r.programId, role: 'Analyst' as const })),
    sessionId: null,
  };
}

/** A message as it came in on a connection, before it is stored. */
export interface IncomingMessage {
  raw: string;
  controlId: string;
  remote: string;
  kind: 'result' | 'query';
}
