import { and, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import { RESULT_MOVES, RESULT_STATUS as R, statusName, type ResultAction, type Permission } from '@nlims/contracts';
import { facilityScope, mayInAny, requireIn } from '../../core/access.js';
import type { Db, Tx } from '../../core/db.js';
import { conflict, forbidden, notFound, ValidationError } from '../../core/errors.js';
import { recordAudits } from '../audit/audit.service.js';
import { type Principal, signatureValid } from '../users/users.service.js';
import { facilities } from '../facilities/facilities.table.js';
import { resultRejectionReasons } from '../reference/reference.table.js';
import { markCompleted } from '../samples/completion.js';
import { lifecycle } from '../samples/lifecycle.js';
import { OPEN_AMENDMENT, results } from '../samples/results.table.js';
import { testOrders } from '../samples/samples.table.js';
import { programs } from '../programs/programs.table.js';

export const SIGNATURE_MEANING = 'Approved: I have reviewed this result and release it for reporting.';

/** Results a reviewer can act on: those in force, and amendments awaiting verification or approval. */
export const underReview = () => or(eq(results.current, true), and(isNotNull(results.amendsId), inArray(results.status, OPEN_AMENDMENT)))!;

/** Verifying, rejecting and sending for retest are validation; approving is the release. */
const REVIEW_PERMISSION: Record<ResultAction, Permission> = { verify: 'validate', reject: 'validate', retest: 'validate', approve: 'approve' };
const TARGET: Record<ResultAction, number> = { verify: R.VERIFIED, approve: R.APPROVAL, reject: R.REJECTED, retest: R.RETEST };
const PAST: Record<ResultAction, string> = { verify: 'verified', approve: 'approved', reject: 'rejected', retest: 'sent_for_retest' };

/** May make this review in at least one programme (each result's programme is checked in the review); the routes' gate too. */
export function requireReviewSomewhere(p: Principal, action: ResultAction): void {
  if (!mayInAny(p, REVIEW_PERMISSION[action])) throw forbidden(`Your role may not ${action} results.`);
}

export interface ReviewInput {
  password?: string;
  reason?: number;
  comment?: string;
  retestReason?: string;
  /** The signer's client address, for the password throttle. */
  address?: string;
}

/**
 * What a review settles before its transaction: the reviewer may review in
 * some programme, an approval's signature is right (the password throttle
 * counts the attempt whether or not the review then commits), and a
 * rejection's reason exists. Returns the reason the audit rows record.
 */
export async function prepareReview(db: Db, p: Principal, action: ResultAction, input: ReviewInput): Promise<ReviewReason> {
  // The role is checked per programme in the review; one that can review nowhere is refused before the password is tried.
  requireReviewSomewhere(p, action);
  if (action === 'approve') {
    if (!(await signatureValid(db, p, input.password, input.address ?? '')))
      throw ValidationError.field('password', 'Your password is not correct; the result was not approved.');
  }
  if (action !== 'reject') return { reason: input.retestReason ?? null, reasonId: null };
  const [why] = await db
    .select()
    .from(resultRejectionReasons)
    .where(eq(resultRejectionReasons.id, input.reason ?? -1));
  if (!why) throw ValidationError.field('reason', `Invalid pk "${input.reason}" - object does not exist.`);
  return { reason: [why.reason, input.comment].filter(Boolean).join(': '), reasonId: why.id };
}

export interface ReviewReason {
  reason: string | null;
  /** A rejection's reason from `result_rejection_reason/`. */
  reasonId: number | null;
}

/**
 * Move results, one or many, all or nothing, in the caller's transaction
 * (after `prepareReview`): one conditional UPDATE per step (set-based, never
 * a loop of requests), so two reviewers acting at once get one success and
 * one 409. The roles are checked in each result's programme; the person who
 * entered a result may not verify it; whether the verifier may approve is the
 * facility's setting.
 */
export async function reviewResults(tx: Tx, p: Principal, ids: number[], action: ResultAction, { reason, reasonId }: ReviewReason) {
  const unique = [...new Set(ids)];
  const scope = facilityScope(p);
  const found = await tx
    .select({
      id: results.id,
      status: results.status,
      enteredBy: results.enteredBy,
      verifiedBy: results.verifiedBy,
      testOrderId: results.testOrderId,
      amendsId: results.amendsId,
      sampleId: testOrders.sampleId,
      program: programs.name,
      verifierMayApprove: facilities.verifierMayApprove,
    })
    .from(results)
    .innerJoin(testOrders, eq(testOrders.id, results.testOrderId))
    .innerJoin(programs, eq(programs.id, testOrders.programId))
    .innerJoin(facilities, eq(facilities.id, results.facilityId))
    .where(and(inArray(results.id, unique), underReview(), ...(scope == null ? [] : [eq(results.facilityId, scope)])));
  if (found.length !== unique.length) throw notFound(unique.length === 1 ? 'Not found.' : 'Some of these results were not found.');
  for (const program of new Set(found.map((r) => r.program))) requireIn(p, program, REVIEW_PERMISSION[action]);
  if (action === 'retest' && found.some((r) => r.amendsId != null))
    throw conflict('An amendment is verified, approved or rejected; it is not sent for retest.');
  if (action === 'verify' && found.some((r) => r.enteredBy === p.id)) throw forbidden('You entered this result; another person must verify it.');
  if (action === 'approve' && found.some((r) => r.verifiedBy === p.id && !r.verifierMayApprove))
    throw forbidden('You verified this result; at this facility another person must approve it.');
  // Gates other modules keep on approval (the run's quality control), before anything moves.
  if (action === 'approve') await lifecycle.beforeApproval.run({ tx, actor: p, resultIds: unique });
  const from = RESULT_MOVES[action] as readonly number[];
  const stamp = new Date();
  const set: Partial<typeof results.$inferInsert> = { status: TARGET[action], statusReason: reason };
  if (action === 'verify') Object.assign(set, { verifiedBy: p.id, verifiedAt: stamp });
  if (action === 'approve') Object.assign(set, { approvedBy: p.id, approvedAt: stamp, signatureMeaning: SIGNATURE_MEANING });
  if (action === 'reject') set.rejectionReasonId = reasonId;
  const moved = await tx
    .update(results)
    .set(set)
    .where(and(inArray(results.id, unique), underReview(), inArray(results.status, [...from]), ...(action === 'verify' ? [ne(results.enteredBy, p.id)] : [])))
    .returning({ id: results.id, testOrderId: results.testOrderId, amendsId: results.amendsId });
  if (moved.length !== unique.length) {
    const stale = found.find((r) => !moved.some((m) => m.id === r.id))!;
    throw conflict(`Cannot ${action} a result that is ${statusName(R, stale.status)}${unique.length > 1 ? '; nothing was changed' : ''}.`);
  }
  // A test's status follows its runs; an amendment leaves the test released while it is reviewed.
  const runs = moved.filter((m) => m.amendsId == null);
  if (runs.length)
    await tx
      .update(testOrders)
      .set({ status: TARGET[action] })
      .where(
        inArray(
          testOrders.id,
          runs.map((m) => m.testOrderId),
        ),
      );
  // An approved amendment takes over from the version it amends, which stays in the history.
  const amended = action === 'approve' ? moved.filter((m) => m.amendsId != null) : [];
  if (amended.length) {
    await tx
      .update(results)
      .set({ current: false })
      .where(
        inArray(
          results.id,
          amended.map((m) => m.amendsId!),
        ),
      );
    await tx
      .update(results)
      .set({ current: true })
      .where(
        inArray(
          results.id,
          amended.map((m) => m.id),
        ),
      );
  }
  // One audit row per result, in one statement; an approval records the signature's meaning.
  await recordAudits(
    tx,
    p,
    found.map((r) => ({
      action: `result.${PAST[action]}`,
      entity: 'sample',
      entityId: String(r.sampleId),
      fromStatus: r.status,
      toStatus: TARGET[action],
      reason: action === 'approve' ? SIGNATURE_MEANING : reason,
      after: { result: r.id, test_order: r.testOrderId, ...(r.amendsId != null ? { amends: r.amendsId } : {}) },
    })),
  );
  // What other modules do with approved results, in this transaction (the clinician and client told, once per batch).
  if (action === 'approve') await lifecycle.approved.run({ tx, actor: p, results: moved });
  if (action === 'approve')
    await markCompleted(
      tx,
      p,
      found.map((r) => r.sampleId),
      stamp,
    );
  return moved.map((m) => m.id);
}
