import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FILTER_PREFIX, idParams, MAX_ID, listQuery, paginated, patchBody, type ListQuery, type Paginated } from '@nlims/contracts';
import './audit.js';
import type { Principal } from './principal.js';
import { onlyIf, principalOf } from './auth.js';
import type { Db, Tx } from './db.js';
import { pgError, uniqueViolationToValidation } from './db-errors.js';
import { conflict, forbidden, notFound, ValidationError } from './errors.js';
import { idempotencyHeaders, idempotentCreate } from './idempotency.js';
import type { App } from './types.js';

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

/** `Filters.<name>` as a boolean: true/1 or false/0, else 400 naming the filter. */
export function booleanFilter(name: string, raw: string): boolean {
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw ValidationError.field(`${FILTER_PREFIX}${name}`, 'Must be true or false.');
}

/** `Filters.<name>` as a number (or a whole number, for ids), else 400 naming the filter. */
export function numberFilter(name: string, raw: string, options: { integer?: boolean } = {}): number {
  const n = Number(raw);
  if (options.integer && !/^-?\d+$/.test(raw)) throw ValidationError.field(`${FILTER_PREFIX}${name}`, 'A valid integer is required.');
  if (raw.trim() === '' || !Number.isFinite(n)) throw ValidationError.field(`${FILTER_PREFIX}${name}`, 'A valid number is required.');
  return n;
}

/** Column types stored as PostgreSQL `integer`/`serial`: a filter value outside their range is a 400, not a database error. */
const INT4_COLUMNS = new Set(['PgInteger', 'PgSerial', 'PgSmallInt', 'PgSmallSerial']);

function filterValue(column: PgColumn, raw: string, name: string): unknown {
  if (column.dataType === 'boolean') return booleanFilter(name, raw);
  if (column.dataType === 'number') {
    const whole = INT4_COLUMNS.has(column.columnType);
    const n = numberFilter(name, raw, { integer: whole });
    if (whole && Math.abs(n) > MAX_ID) throw ValidationError.field(`${FILTER_PREFIX}${name}`, `Ensure this value is less than or equal to ${MAX_ID}.`);
    return n;
  }
  return raw;
}

/**
 * A declared entry of a map by a name from the request, never one inherited from Object.prototype: `ordering=__proto__`
 * or `Filters.constructor=1` is an unknown name (400 naming the parameter), not a property of every object.
 */
export const own = <T>(map: Readonly<Record<string, T>> | undefined, name: string): T | undefined => (map && Object.hasOwn(map, name) ? map[name] : undefined);

function orderBy(def: ResourceDef, ordering: string | undefined): SQL[] {
  const parts = (ordering || def.defaultOrdering)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const out = parts.map((part) => {
    const field = part.replace(/^-/, '');
    const column = own(def.ordering, field);
    if (!column) throw ValidationError.field('ordering', `Cannot order by "${field}". Allowed: ${Object.keys(def.ordering).join(', ')}.`);
    return part.startsWith('-') ? desc(column) : asc(column);
  });
  return [...out, asc(def.id)];
}

function conditions(def: ResourceDef, principal: Principal, query: ListQuery): SQL[] {
  const where: SQL[] = [];
  const scoped = def.scope?.of(principal);
  if (def.scope && scoped != null) where.push(eq(def.scope.column, scoped));
  for (const [key, raw] of Object.entries(query)) {
    if (!key.startsWith(FILTER_PREFIX) || raw === '') continue;
    // `Filters.<name>=v` matches one value, `Filters.<name>__in=a,b,c` any of several.
    const name = key.slice(FILTER_PREFIX.length);
    const many = name.endsWith('__in');
    const base = many ? name.slice(0, -4) : name;
    const condition = !many ? own(def.filterWhere, base) : undefined;
    if (condition) {
      where.push(condition(String(raw)));
      continue;
    }
    const column = own(def.filters, base);
    if (!column)
      throw ValidationError.field(
        key,
        `Unknown filter. Allowed: ${[...Object.keys(def.filters ?? {}), ...Object.keys(def.filterWhere ?? {})].join(', ') || 'none'}.`,
      );
    if (!many) where.push(eq(column, filterValue(column, String(raw), name)));
    else
      where.push(
        inArray(
          column,
          String(raw)
            .split(',')
            .slice(0, 50)
            .map((v) => filterValue(column, v.trim(), name)),
        ),
      );
  }
  if (query.search && (def.search?.length || def.searchWhere)) {
    const term = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(...(def.search ?? []).map((c) => ilike(c, term)), ...(def.searchWhere ? [def.searchWhere(term, principal)] : []))!);
  }
  if (def.extraWhere) where.push(...def.extraWhere(query, principal));
  return where;
}

function pageUrl(path: string, query: Record<string, unknown>, page: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, page })) if (v !== undefined && String(v) !== '') params.set(k, String(v));
  return `${path}?${params.toString()}`;
}

/** A list's reply, as the route's schema (`listReply`) says it: a page of rows, or every row. */
export type ListReply = Paginated<Record<string, unknown>> | Record<string, unknown>[];

export async function listResource(db: Db, def: ResourceDef, principal: Principal, query: ListQuery): Promise<ListReply> {
  const where = and(...conditions(def, principal, query));
  const order = orderBy(def, query.ordering);
  const base = () =>
    def.join
      ? def.join(
          db
            .select(def.fields as never)
            .from(def.table)
            .$dynamic(),
        )
      : db
          .select(def.fields as never)
          .from(def.table)
          .$dynamic();
  // Rows as the fields' select reads them: a record per row.
  const expand = async (rows: unknown[]) => {
    const records = rows as Record<string, unknown>[];
    return def.expand ? def.expand(db, records, principal) : records;
  };
  if (query.page === undefined && def.allWithoutPage && query.page_size === undefined) {
    return expand(
      await base()
        .where(where)
        .orderBy(...order),
    );
  }
  const page = query.page ?? 1;
  const size = query.page_size ?? DEFAULT_PAGE_SIZE;
  const { n, results } = def.pageJoin
    ? await pageByIds(db, def, query, where, order, page, size, base)
    : await countedPage(db, def, principal, query, where, order, page, size, base);
  const path = `/api/${def.path}/`;
  return {
    count: n,
    next: page * size < n ? pageUrl(path, query, page + 1) : null,
    previous: page > 1 ? pageUrl(path, query, page - 1) : null,
    results: await expand(results),
  };
}

type Base = () => {
  where: (w: SQL | undefined) => { orderBy: (...o: SQL[]) => { limit: (n: number) => { offset: (n: number) => Promise<unknown[]> } } & Promise<unknown[]> };
};

/** A page and the count of every matching row, counted apart (with `countJoin`'s joins, or `fastCount`). */
async function countedPage(
  db: Db,
  def: ResourceDef,
  principal: Principal,
  query: ListQuery,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  size: number,
  base: Base,
): Promise<{ n: number; results: unknown[] }> {
  const fast = def.fastCount ? await def.fastCount(db, principal, query) : null;
  const n =
    fast ??
    Number(
      (
        await (def.countJoin
          ? def.countJoin(db.select({ n: count() }).from(def.table).$dynamic(), query)
          : def.join && !def.countWithoutJoin
            ? def.join(db.select({ n: count() }).from(def.table).$dynamic())
            : db.select({ n: count() }).from(def.table).$dynamic()
        ).where(where)
      )[0]?.n ?? 0,
    );
  if (page > 1 && (page - 1) * size >= n) throw ValidationError.field('page', 'Invalid page.');
  const results = await base()
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset((page - 1) * size);
  return { n, results };
}

/**
 * A page chosen by id over `pageJoin`'s joins, counted in the same pass (a
 * window count), then read through the display joins for those ids only, in
 * the same order.
 */
async function pageByIds(
  db: Db,
  def: ResourceDef,
  query: ListQuery,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  size: number,
  base: Base,
): Promise<{ n: number; results: unknown[] }> {
  const picked = await def.pageJoin!(
    db
      .select({ id: def.id, n: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(def.table)
      .$dynamic(),
    query,
  )
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset((page - 1) * size);
  if (picked.length === 0) {
    if (page > 1) throw ValidationError.field('page', 'Invalid page.');
    return { n: 0, results: [] };
  }
  const results = await base()
    .where(
      inArray(
        def.id,
        picked.map((r) => r.id as number),
      ),
    )
    .orderBy(...order);
  return { n: picked[0]!.n, results };
}

/** Page a short list already in memory (look-ups such as the 37 states) the same way as every other list. */
export function pageOfRows<T>(rows: T[], query: Pick<ListQuery, 'page' | 'page_size'> & Record<string, unknown>, path: string): Paginated<T> {
  const page = query.page ?? 1;
  const size = query.page_size ?? DEFAULT_PAGE_SIZE;
  if (page > 1 && (page - 1) * size >= rows.length) throw ValidationError.field('page', 'Invalid page.');
  return {
    count: rows.length,
    next: page * size < rows.length ? pageUrl(path, query as ListQuery, page + 1) : null,
    previous: page > 1 ? pageUrl(path, query as ListQuery, page - 1) : null,
    results: rows.slice((page - 1) * size, page * size),
  };
}

async function findScoped(db: Tx, def: ResourceDef, principal: Principal, id: number): Promise<Record<string, unknown>> {
  const where: SQL[] = [eq(def.id, id)];
  const scoped = def.scope?.of(principal);
  if (def.scope && scoped != null) where.push(eq(def.scope.column, scoped));
  const q = db
    .select(def.fields as never)
    .from(def.table)
    .$dynamic();
  const [row] = await (def.join ? def.join(q) : q).where(and(...where));
  if (!row) throw notFound();
  return def.expand ? (await def.expand(db, [row as Record<string, unknown>], principal))[0]! : (row as Record<string, unknown>);
}

/** Body fields → column properties by a wire-name map; fields not in the map or not sent are left out. */
export function renameFields(body: Record<string, unknown>, map: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body)
      .filter(([k, v]) => map[k] && v !== undefined)
      .map(([k, v]) => [map[k]!, v]),
  );
}

/** The reply schema of a list: a page, or every row for look-ups asked without a page. */
export const listReply = (def: ResourceDef) => (def.allWithoutPage ? z.union([paginated(def.item), z.array(def.item)]) : paginated(def.item));

const allow = (rule: Rule | undefined | false, p: Principal, fallback: Rule) => (rule === false ? false : (rule ?? fallback)(p));

export function registerResource(app: App, db: Db, def: ResourceDef): void {
  const tags = def.tags ?? ['resources'];
  const read = (p: Principal) => {
    if (!allow(def.access.read, p, signedIn)) throw forbidden();
  };
  const write = (p: Principal) => {
    if (!allow(def.access.write, p, superuserOnly)) throw forbidden();
  };
  // Who may write is decided before the body is read (core/auth.ts); the handlers check again.
  const writer = { may: onlyIf((p) => allow(def.access.write, p, superuserOnly)) };
  const fieldNames = Object.keys(def.fields);
  const saveValues = async (body: Record<string, unknown>, p: Principal) => {
    const values = def.toValues ? await def.toValues(body as never) : { ...body };
    const scoped = def.scope?.of(p);
    if (def.scope && scoped != null) values[def.scope.valueKey] = scoped;
    return values;
  };
  const guardUnique = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      throw uniqueViolationToValidation(error, fieldNames) ?? error;
    }
  };

  if (!def.customList) {
    app.get(`/api/${def.path}/`, { schema: { tags, querystring: listQuery, response: { 200: listReply(def) } } }, async (request) => {
      const p = principalOf(request);
      read(p);
      const page = await listResource(db, def, p, request.query);
      if (def.auditReads) {
        const count = Array.isArray(page) ? page.length : page.count;
        await app.audit(db, p, { action: `${def.entity}.list`, entity: def.entity, after: { query: request.query, count } });
      }
      return page;
    });
  }
  if (!def.customDetail) {
    app.get(`/api/${def.path}/:id/`, { schema: { tags, params: idParams, response: { 200: def.item } } }, async (request) => {
      const p = principalOf(request);
      read(p);
      const row = await findScoped(db, def, p, request.params.id);
      if (def.auditReads) await app.audit(db, p, { action: `${def.entity}.view`, entity: def.entity, entityId: String(request.params.id) });
      return row;
    });
  }
  if (!def.body) return;
  const body = def.body;

  app.post(
    `/api/${def.path}/`,
    { config: writer, schema: { tags, headers: idempotencyHeaders, body, response: { 201: def.item } } },
    async (request, reply) => {
      const p = principalOf(request);
      write(p);
      const input = request.body as Record<string, unknown>;
      return guardUnique(() =>
        idempotentCreate(db, request, reply, 201, (db) =>
          db.transaction(async (tx) => {
            await def.validate?.(tx, input as never, p);
            const [row] = await tx
              .insert(def.table)
              .values((await saveValues(input, p)) as never)
              .returning({ id: def.id });
            await def.afterSave?.(tx, Number(row!.id), input as never, p);
            const after = await findScoped(tx, def, p, Number(row!.id));
            await app.audit(tx, p, { action: `${def.entity}.created`, entity: def.entity, entityId: String(row!.id), after });
            return after;
          }),
        ),
      );
    },
  );

  const update = (partial: boolean) => async (request: { params: { id: number }; body: unknown }, p: Principal) => {
    write(p);
    const input = request.body as Record<string, unknown>;
    return guardUnique(() =>
      db.transaction(async (tx) => {
        const before = await findScoped(tx, def, p, request.params.id);
        await def.validate?.(tx, input as never, p, request.params.id);
        const values = await saveValues(input, p);
        if (Object.keys(values).length)
          await tx
            .update(def.table)
            .set(values as never)
            .where(eq(def.id, request.params.id));
        await def.afterSave?.(tx, request.params.id, input as never, p);
        const after = await findScoped(tx, def, p, request.params.id);
        await app.audit(tx, p, {
          action: `${def.entity}.${partial ? 'patched' : 'updated'}`,
          entity: def.entity,
          entityId: String(request.params.id),
          before,
          after,
        });
        return after;
      }),
    );
  };
  const updateBody = def.updateBody ?? body;
  app.put(
    `/api/${def.path}/:id/`,
    { config: writer, schema: { tags, params: idParams, body: updateBody, response: { 200: def.item } } },
    (request) => update(false)(request, principalOf(request)) as never,
  );
  app.patch(
    `/api/${def.path}/:id/`,
    { config: writer, schema: { tags, params: idParams, body: patchBody(updateBody), response: { 200: def.item } } },
    (request) => update(true)(request, principalOf(request)) as never,
  );

  if (def.access.delete === false) return;
  const deleter = { may: onlyIf((p) => allow(def.access.delete, p, superuserOnly)) };
  app.delete(
    `/api/${def.path}/:id/`,
    { config: deleter, schema: { tags, params: idParams, response: { 204: z.null().describe('Deleted.') } } },
    async (request, reply) => {
      const p = principalOf(request);
      if (!allow(def.access.delete, p, superuserOnly)) throw forbidden();
      try {
        await db.transaction(async (tx) => {
          const before = await findScoped(tx, def, p, request.params.id);
          await tx.delete(def.table).where(eq(def.id, request.params.id));
          await app.audit(tx, p, { action: `${def.entity}.deleted`, entity: def.entity, entityId: String(request.params.id), before });
        });
      } catch (error) {
        // Other records still point at this one (tests at a section, results at a method): keep it, say why.
        if (pgError(error)?.code === '23503') throw conflict('This record is in use by other records and cannot be deleted; deactivate it instead.');
        throw error;
      }
      return reply.status(204).send(null);
    },
  );
}
