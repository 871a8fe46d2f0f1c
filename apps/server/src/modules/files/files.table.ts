import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { facilities } from '../facilities/facilities.table.js';
import { ncrReports } from '../nonconformity/nonconformity.table.js';
import { samples, testOrders } from '../samples/samples.table.js';
import { users } from '../users/users.table.js';

/** A facility's folder; deleted ones stay in the bin for 30 days (deleted_at). */
export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
  },
  (t) => [
    index('folders_facility_idx').on(t.facilityId, t.parentId),
    // One live folder of a name per parent (the root is parent 0 here).
    uniqueIndex('folders_name_uq').on(t.facilityId, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`).where(sql`deleted_at is null`),
    // The bin, and its purge after 30 days.
    index('folders_bin_idx').on(t.deletedAt).where(sql`deleted_at is not null`),
  ],
);

/**
 * A stored file: its bytes live in the storage (local folder or S3) under a
 * server-generated key; the kind and media type come from its own bytes.
 * A controlled document's versions share a `document_code`; attachments
 * (on a sample, a result or a report) are files outside the folders.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    folderId: integer('folder_id').references(() => folders.id),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    kind: text('kind').notNull(),
    mediaType: text('media_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** An attachment: not shown in the folders. */
    attachment: boolean('attachment').notNull().default(false),
    documentCode: text('document_code'),
    documentTitle: text('document_title'),
    version: integer('version'),
    effectiveDate: date('effective_date'),
    reviewDate: date('review_date'),
    approvedBy: text('approved_by'),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    supersededById: integer('superseded_by_id'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('files_storage_key_uq').on(t.storageKey),
    index('files_folder_idx').on(t.facilityId, t.folderId),
    index('files_recent_idx').on(t.createdBy, t.updatedAt),
    uniqueIndex('files_document_version_uq').on(t.facilityId, t.documentCode, t.version).where(sql`document_code is not null`),
    index('files_bin_idx').on(t.deletedAt).where(sql`deleted_at is not null`),
  ],
);

/** A file attached to a sample, a result (its test order) or a non-conformity report. */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    sampleId: integer('sample_id').references(() => samples.id),
    testOrderId: integer('test_order_id').references(() => testOrders.id),
    ncrId: integer('ncr_id').references(() => ncrReports.id),
    description: text('description').notNull().default(''),
    withReport: boolean('with_report').notNull().default(false),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('attachments_sample_idx').on(t.sampleId), index('attachments_test_order_idx').on(t.testOrderId), index('attachments_ncr_idx').on(t.ncrId)],
);

/** The folders and files a user lately created, changed or opened (the recent lists), one row per item. */
export const fileRecents = pgTable(
  'file_recents',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** file or folder. */
    kind: text('kind').notNull(),
    itemId: integer('item_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.itemId] }), index('file_recents_user_idx').on(t.userId, t.kind, t.at)],
);
