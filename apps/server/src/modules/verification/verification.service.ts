import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, randomInt } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { formatVerifyCode, formatVerifyDigest, RESULT_STATUS, VERIFY_ALPHABET, VERIFY_CODE_LENGTH, type VerifyReply } from '@nlims/contracts';
import type { Db } from '../../core/db.js';
import { notFound } from '../../core/errors.js';
import { iso } from '../../core/sql-values.js';
import { recordAudit } from '../audit/audit.service.js';
import { facilities } from '../facilities/facilities.table.js';
import { states } from '../geo/geo.table.js';
import type { PrintedVerification, ReportFacts } from '../samples/lifecycle.js';
import type { Principal } from '../users/users.service.js';
import { reportVerifications } from './verification.table.js';

/**
 * What making a report's verification needs from the request it is made in:
 * the digest key (derived from the server secret) and the public base URL the
 * QR code points to (PUBLIC_URL, or the request's own origin). The routes put
 * it in place for every request (`verificationContext`); a report rendered
 * outside a request (a script, a unit test) carries no verification block.
 */
export interface VerificationContext {
  key: Buffer;
  baseUrl: string;
}
const context = new AsyncLocalStorage<VerificationContext>();
export const verificationContext = context;

/** The digest key: HMAC-SHA256 of a fixed label under the server's secret, so the JWT key itself never signs reports. */
export const digestKey = (secret: Uint8Array) => createHmac('sha256', Buffer.from(secret)).update('nlims/report-digest/v1').digest();

/** A fresh code: 16 characters drawn uniformly (crypto) from the 32-letter alphabet — 80 random bits. */
export function newVerifyCode(): string {
  let code = '';
  for (let i = 0; i < VERIFY_CODE_LENGTH; i++) code += VERIFY_ALPHABET[randomInt(VERIFY_ALPHABET.length)];
  return code;
}

/** One reported test as the digest covers it. */
export interface DigestTest {
  name: string;
  value: unknown;
  unit: string | null;
  flag: string | null;
  approvedAt: Date | string | null;
  version: number;
}

/**
 * The report's content that matters, in a fixed order and shape: the lab
 * number, then each approved test's name, value, unit, flag, approval time
 * and result version. Its HMAC (hex) identifies the content; the first 8 hex
 * digits are printed as the digest.
 */
export function contentHash(key: Buffer, labNumber: string, tests: DigestTest[]): string {
  const canonical = JSON.stringify([
    labNumber,
    tests.map((t) => [t.name, t.value ?? null, t.unit ?? '', t.flag ?? '', t.approvedAt ? new Date(t.approvedAt).toISOString() : null, t.version]),
  ]);
  return createHmac('sha256', key).update(canonical).digest('hex');
}

/**
 * The verification of a report about to be printed — found again when the
 * same content was printed before, otherwise made (the next version of the
 * sample's report, the earlier ones marked superseded, an audit row) in one
 * transaction. Null when nothing is approved yet or outside a request.
 */
export async function verificationFor(db: Db, p: Principal, facts: ReportFacts): Promise<PrintedVerification | null> {
  const ctx = context.getStore();
  const approved = facts.tests.filter((t) => t.status === RESULT_STATUS.APPROVAL);
  if (!ctx || !approved.length) return null;
  const hash = contentHash(ctx.key, facts.labNumber, approved);
  const approvedAt = approved.reduce<Date | null>((latest, t) => {
    const at = t.approvedAt ? new Date(t.approvedAt) : null;
    return at && (!latest || at > latest) ? at : latest;
  }, null);
  const row = await db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(reportVerifications)
      .where(and(eq(reportVerifications.sampleId, facts.sampleId), eq(reportVerifications.contentHash, hash)));
    if (found) return found;
    // Versions are counted per sample; the sample's rows are locked so two first prints agree on the number.
    await tx.execute(sql`select id from report_verifications where sample_id = ${facts.sampleId} for update`);
    const [made] = await tx
      .insert(reportVerifications)
      .values({
        code: newVerifyCode(),
        sampleId: facts.sampleId,
        facilityId: facts.facilityId,
        version: sql`(select coalesce(max(version), 0) + 1 from report_verifications where sample_id = ${facts.sampleId})`,
        contentHash: hash,
        labNumber: facts.labNumber,
        testNames: approved.map((t) => t.name),
        approvedAt,
      })
      .onConflictDoNothing({ target: [reportVerifications.sampleId, reportVerifications.contentHash] })
      .returning();
    if (!made) {
      const [again] = await tx
        .select()
        .from(reportVerifications)
        .where(and(eq(reportVerifications.sampleId, facts.sampleId), eq(reportVerifications.contentHash, hash)));
      return again!;
    }
    await tx
      .update(reportVerifications)
      .set({ supersededAt: made.createdAt })
      .where(and(eq(reportVerifications.sampleId, facts.sampleId), ne(reportVerifications.id, made.id), isNull(reportVerifications.supersededAt)));
    await recordAudit(tx, p, {
      action: 'report.verification_issued',
      entity: 'sample',
      entityId: String(facts.sampleId),
      after: { version: made.version, lab_number: made.labNumber },
    });
    return made;
  });
  return {
    code: row.code,
    printed: formatVerifyCode(row.code),
    url: `${ctx.baseUrl.replace(/\/+$/, '')}/verify/${formatVerifyCode(row.code)}`,
    digest: formatVerifyDigest(row.contentHash),
    version: row.version,
  };
}

/**
 * When a code's report stopped being the current one, read from the results themselves so no change of the results
 * has to tell this module: the earliest approval of an amendment of any result of the report's order made after the
 * latest approval the report shows (an amendment not on the paper), or when a newer version of the report was made
 * (`superseded_at`), whichever came first. Null while the code is current.
 */
const supersededAt = sql<unknown>`least(${reportVerifications.supersededAt}, (
  select min(r.approved_at) from results r join test_orders t on t.id = r.test_order_id
  where t.order_id = (select s.order_id from samples s where s.id = ${reportVerifications.sampleId})
    and r.amends_id is not null and r.status = ${RESULT_STATUS.APPROVAL}
    and date_trunc('milliseconds', r.approved_at) > coalesce(${reportVerifications.approvedAt}, ${reportVerifications.createdAt})))`;

/** The public facts of a code (already normalised); 404 for anything not issued. */
export async function verifyCode(db: Db, code: string | null): Promise<VerifyReply> {
  const [row] = code
    ? await db
        .select({ v: reportVerifications, facility: facilities.facilityName, state: states.name, supersededAt })
        .from(reportVerifications)
        .innerJoin(facilities, eq(facilities.id, reportVerifications.facilityId))
        .innerJoin(states, eq(states.id, facilities.stateId))
        .where(eq(reportVerifications.code, code))
    : [];
  if (!row) throw notFound('No report carries this code.');
  const { v } = row;
  const superseded = iso(row.supersededAt);
  return {
    code: formatVerifyCode(v.code),
    status: superseded ? 'superseded' : 'current',
    facility: row.facility,
    facility_state: row.state,
    lab_number: v.labNumber,
    tests: v.testNames,
    approved_at: v.approvedAt?.toISOString() ?? null,
    report_version: v.version,
    issued_at: v.createdAt.toISOString(),
    superseded_at: superseded,
    digest: formatVerifyDigest(v.contentHash),
  };
}
