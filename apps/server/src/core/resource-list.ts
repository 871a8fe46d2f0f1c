/** A resource's list: its filters, search, ordering and data scope as SQL, and the page (or every row) it answers. */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_PAGE_SIZE, FILTER_PREFIX, MAX_ID, type ListQuery, type Paginated } from '@nlims/contracts';
import type { Db } from './db.js';
import { ValidationError } from './errors.js';
import type { Principal } from './principal.js';
import type { ResourceDef } from './resource-def.js';

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
