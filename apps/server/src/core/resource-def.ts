import type { ListQuery } from '@nlims/contracts';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Tx } from './db.js';
import type { Principal } from './principal.js';

export type Rule = (p: Principal) => boolean;
export const signedIn: Rule = () => true;
export const superuserOnly: Rule = (p) => p.isSuperuser;

/**
 * A plain resource declared once (DESIGN §1): table, wire fields, schemas,
 * permissions, filters, search, ordering and data scope. `registerResource`
 * turns it into list / detail / create / update / delete routes that follow
 * the list and error conventions of DESIGN §2.
 */
export interface ResourceDef<TBody extends z.ZodObject = z.ZodObject> {
  /** URL segment: `/api/<path>/`. */
  path: string;
  /** Audit entity name. */
  entity: string;
  table: PgTable;
  id: PgColumn;
  /** Wire field → column, as a list or detail returns it. */
  fields: Record<string, PgColumn | SQL.Aliased>;
  /** Joins needed by `fields`. */
  join?: <Q>(query: Q) => Q;
  item: z.ZodObject;
  /** Body of create and full update; partial update takes it without defaults. */
  body?: TBody;
  /** A different body for updates (fields that only creation takes, such as a password). */
  updateBody?: z.ZodObject;
  /** Body fields → insert/update values (defaults to the body itself). */
  toValues?: (body: Partial<z.infer<TBody>>) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Write what the row's own columns cannot hold (links to other tables), in the same transaction. */
  afterSave?: (tx: Tx, id: number, body: Partial<z.infer<TBody>>, principal: Principal) => Promise<void>;
  /** Add related data to rows (one query for the whole page, never one per row), as the caller may see it. */
  expand?: (db: Tx, rows: Record<string, unknown>[], principal: Principal) => Promise<Record<string, unknown>[]>;
  /** Cross-field and reference checks; throw ValidationError. */
  validate?: (db: Tx, body: Partial<z.infer<TBody>>, principal: Principal, existingId?: number) => Promise<void>;
  search?: PgColumn[];
  /** Search beyond plain columns (e.g. through a child table); OR-ed with `search`. */
  searchWhere?: (term: string, principal: Principal) => SQL;
  /** The joins are for display only: count without them. */
  countWithoutJoin?: boolean;
  /** Only these joins are needed to count (those the conditions of this query read); the others are for display. */
  countJoin?: <Q>(query: Q, list: ListQuery) => Q;
  /**
   * Only these joins are needed to choose a page (those the conditions and the ordering read): the page's ids are
   * picked (and counted) with them, and the display joins of `join` then run for those ids only. Each join keeps one
   * row per row of `table`.
   */
  pageJoin?: <Q>(query: Q, list: ListQuery) => Q;
  /** A cheaper exact count for some queries (null: count the rows). */
  fastCount?: (db: Tx, p: Principal, query: ListQuery) => Promise<number | null>;
  /** Conditions from query parameters other than `Filters.*` (date ranges, `program__name`) and from who asks (the programmes they hold). */
  extraWhere?: (query: ListQuery, principal: Principal) => SQL[];
  filters?: Record<string, PgColumn>;
  /** Filters that are a condition rather than a column (`Filters.<name>=v` → SQL), e.g. through a child table. */
  filterWhere?: Record<string, (raw: string) => SQL>;
  ordering: Record<string, PgColumn>;
  defaultOrdering: string;
  access: { read?: Rule; write?: Rule; delete?: Rule | false };
  /** Data scope: rows whose column equals the value; null means every row. */
  scope?: { column: PgColumn; valueKey: string; of: (p: Principal) => number | null };
  /** Return every row when the request gives no `page` (look-ups). */
  allWithoutPage?: boolean;
  /** The module registers its own list route (calling listResource). */
  customList?: boolean;
  /** The module registers its own detail route (a richer read model). */
  customDetail?: boolean;
  tags?: string[];
  /** The rows are patients' data: every list (`<entity>.list`, with its query and count) and detail (`<entity>.view`) writes an audit row. */
  auditReads?: boolean;
}
