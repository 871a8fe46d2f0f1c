import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { facilities } from '../facilities/facilities.table.js';
import { samples } from '../samples/samples.table.js';

/**
 * One printed report's proof of origin: a random public code (on the paper as
 * a QR code and in text) and what the public verification page may tell about
 * it. One row per sample and report version — printing the same content again
 * finds the same row (same `content_hash`); new content (an amendment, a newly
 * approved test) makes the next version and marks the earlier ones superseded.
 * The facts are a snapshot taken when the report was made, never the results.
 */
export const reportVerifications = pgTable(
  'report_verifications',
  {
    id: serial('id').primaryKey(),
    /** The public code, 16 characters of an unambiguous alphabet (printed NL-XXXX-XXXX-XXXX), random: ≥ 80 bits. */
    code: text('code').notNull(),
    sampleId: integer('sample_id')
      .notNull()
      .references(() => samples.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** 1 for the first report of the sample's content, +1 for each change. */
    version: integer('version').notNull(),
    /** HMAC-SHA256 (hex) of the report's content that matters; the printed digest is its first 8 hex digits. */
    contentHash: text('content_hash').notNull(),
    labNumber: text('lab_number').notNull(),
    /** The approved tests' names, as printed (never their values). */
    testNames: jsonb('test_names').$type<string[]>().notNull(),
    /** The latest approval among the reported results. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a newer version of the sample's report replaced this one. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('report_verifications_code_uq').on(t.code),
    uniqueIndex('report_verifications_content_uq').on(t.sampleId, t.contentHash),
    index('report_verifications_sample_idx').on(t.sampleId, t.version),
  ],
);
