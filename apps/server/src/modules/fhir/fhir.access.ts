import { hiddenIdentifierTypes } from '@nlims/contracts';
import { inArray } from 'drizzle-orm';
import { mayIn } from '../../core/access.js';
import type { Tx } from '../../core/db.js';
import { forbidden } from '../../core/errors.js';
import type { Principal } from '../../core/principal.js';
import { programs } from '../programs/programs.table.js';

/**
 * What a caller of the FHIR door may read, decided once per request (the one place; the orders side reuses it):
 * - a person: the data of their facility in the programmes where their role may `read` (as the rest of the API);
 *   the super admin and the officials hold no programme role and read no patient's data (403), as in /api;
 * - another system (`principal.apiClient`): only with the scope `results.read`, only its facility's data in its
 *   programmes, and only released results (final or amended) — an EMR never sees a value still under review.
 * A programme's identifiers (ART, HEI, TB, EPID) are left out for a caller without that programme (DESIGN §3).
 */
export interface FhirReader {
  facilityId: number;
  programIds: number[];
  programNames: string[];
  /** Client identifier types left out of every reply and every search. */
  hiddenIdentifierTypes: string[];
  /** Only approved results and reports (API clients). */
  releasedOnly: boolean;
  apiClientId: number | null;
}

const NO_PATIENT_DATA = 'Your account reads no patient data through FHIR: a role in a programme of a facility is needed.';

export async function fhirReader(db: Tx, p: Principal, scope: 'results.read' | 'orders.write' = 'results.read'): Promise<FhirReader> {
  const client = p.apiClient;
  if (client) {
    if (!client.scopes.includes(scope)) throw forbidden(`This API client lacks the scope ${scope}.`);
    if (p.facilityId == null || !client.programIds.length) throw forbidden('This API client reaches no programme at a facility.');
    const rows = client.programIds.length
      ? await db
          .select({ id: programs.id, name: programs.name })
          .from(programs)
          .where(inArray(programs.id, [...client.programIds]))
      : [];
    const names = rows.map((r) => r.name);
    return {
      facilityId: p.facilityId,
      programIds: rows.map((r) => r.id),
      programNames: names,
      hiddenIdentifierTypes: hiddenIdentifierTypes(names),
      releasedOnly: true,
      apiClientId: client.id,
    };
  }
  const readable = p.roles.filter((r) => mayIn(p, r.program, 'read'));
  if (p.isSuperuser || p.facilityId == null || !readable.length) throw forbidden(NO_PATIENT_DATA);
  return {
    facilityId: p.facilityId,
    programIds: readable.map((r) => r.programId),
    programNames: readable.map((r) => r.program),
    hiddenIdentifierTypes: hiddenIdentifierTypes(p.roles.map((r) => r.program)),
    releasedOnly: false,
    apiClientId: null,
  };
}

/** Reference data (facilities, the catalogue's codes, request forms, the capability statement): any person signed in, or a system with `results.read`. */
export function requireFhirReferenceRead(p: Principal): void {
  if (p.apiClient && !p.apiClient.scopes.includes('results.read') && !p.apiClient.scopes.includes('orders.write'))
    throw forbidden('This API client has no FHIR scope.');
}
