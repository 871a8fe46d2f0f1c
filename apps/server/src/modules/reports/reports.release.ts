import type { Db, Tx } from '../../core/db.js';
import type { Principal } from '../../core/principal.js';
import { lifecycle } from '../samples/lifecycle.js';

/**
 * Refuse a sample's report to this caller while a gate another module keeps says no (billing: the invoice is
 * unpaid). Every door that hands out a report — the PDF, the FHIR DiagnosticReport, a referral's copy — asks here.
 */
export async function assertReportReleasable(db: Tx | Db, p: Principal, sampleId: number): Promise<void> {
  await lifecycle.reportRelease.run({ db, principal: p, sampleId });
}
