import { CANCELLED_STATUS, RESULT_STATUS, SAMPLE_STATUS } from '@nlims/contracts';

const S = SAMPLE_STATUS;
const R = RESULT_STATUS;
/** Every code a sample or a test can carry: sample codes 1–4 and 10–16, result codes 5–9. */
const KNOWN = new Set<number>([...Object.values(S), ...Object.values(R), CANCELLED_STATUS]);
const RESULT_CODES = new Set<number>(Object.values(R));

/**
 * What the screen says about a status (DESIGN §3, patient safety): the words
 * must never suggest a result exists, or is released, when it is not.
 *
 * - a status code on its own: its name, where sample status 3 reads
 *   ACCEPTED (never APPROVED: nothing was approved, the sample was accepted
 *   into the laboratory) and result status 7 reads APPROVED;
 * - a sample: COMPLETED once every result is released, as its one status;
 * - a test: AWAITING RESULT until a result moves it, never the status it
 *   shares with its sample (ORDERED, ACCEPTED, ONGOING …); a test rejected at
 *   reception or cancelled says so; a test closed as not applicable (TB: the
 *   rifampicin member after MTB NOT DETECTED) on a sample that is not
 *   cancelled reads NOT APPLICABLE, not CANCELLED.
 *
 * Returns a key of the `clinical` catalog.
 */
export function statusKey(code: number | null | undefined): string {
  return code != null && KNOWN.has(code) ? `status.${code}` : 'status.unknown';
}

export function sampleStatusKey(sample: { status: number; completed?: boolean | null }): string {
  return sample.completed ? 'status.completed' : statusKey(sample.status);
}

export function testStatusKey(status: number | null | undefined, sampleStatus?: number): string {
  if (status == null) return statusKey(status);
  if (status === CANCELLED_STATUS && sampleStatus != null && sampleStatus !== CANCELLED_STATUS) return 'status.notApplicable';
  if (RESULT_CODES.has(status) || status === S.REJECTED || status === CANCELLED_STATUS) return statusKey(status);
  return KNOWN.has(status) ? 'status.awaitingResult' : statusKey(status);
}
