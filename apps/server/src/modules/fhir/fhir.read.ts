import { sql } from 'drizzle-orm';
import type { Bundle, BundleEntry, BundleLink, Resource } from '@medplum/fhirtypes';
import type { Tx } from '../../core/db.js';
import type { FhirReader } from './fhir.access.js';
import { checkFormat, includesOf, onlyKnown, pageOf, type SearchParams } from './fhir.search.js';
import { inIds } from './fhir.rows.js';
import { FHIR_TYPES } from './fhir.types.js';

/**
 * The FHIR read side: one resource by id, and the search itself — a count, one page in a stable order, the
 * resources, and those `_include` asks for — over each type's rows within the caller's scope (fhir.rows.ts), its
 * search parameters as SQL conditions (fhir.conditions.ts) and the types served (fhir.types.ts).
 */

/** Read one resource by id in the caller's scope; null when it is not there for this caller (another facility's is not found, never told apart). */
export async function readOne(db: Tx, r: FhirReader, type: string, id: number, base: string): Promise<Resource | null> {
  const def = FHIR_TYPES[type]!;
  const [found] = await def.page(db, r, [sql`${def.idColumn} = ${id}`], 1, 0, base);
  return found ?? null;
}

/** Resolve references (`Patient/3`) to resources the caller may read, for `_include`. */
async function resolve(db: Tx, r: FhirReader, references: string[], base: string): Promise<Resource[]> {
  const byType = new Map<string, number[]>();
  for (const reference of references) {
    const [type, raw] = reference.split('/');
    const n = Number(raw);
    if (!type || !FHIR_TYPES[type] || !Number.isInteger(n)) continue;
    byType.set(type, [...new Set([...(byType.get(type) ?? []), n])]);
  }
  const out: Resource[] = [];
  for (const [type, list] of byType) {
    const def = FHIR_TYPES[type]!;
    out.push(...(await def.page(db, r, [inIds(def.idColumn, list)], list.length, 0, base)));
  }
  return out;
}

/** A search: the searchset Bundle with its total, its page, the resources `_include` asks for and the paging links. */
export async function search(db: Tx, r: FhirReader, type: string, params: SearchParams, base: string, selfPath: string): Promise<Bundle> {
  const def = FHIR_TYPES[type]!;
  onlyKnown(params, def.params);
  checkFormat(params);
  const includes = includesOf(params, def.includes);
  const { count, offset } = pageOf(params);
  const where = await def.conditions(db, r, params);
  const total = await def.count(db, r, where);
  const matches = count > 0 ? await def.page(db, r, where, count, offset, base) : [];
  const wanted = includes.flatMap((inc) => matches.flatMap((m) => def.follow?.(m, inc) ?? []));
  const seen = new Set(matches.map((m) => `${m.resourceType}/${m.id}`));
  const included = (wanted.length ? await resolve(db, r, [...new Set(wanted)], base) : []).filter((x) => !seen.has(`${x.resourceType}/${x.id}`));
  return searchset({ matches, included, total, params, base, selfPath, count, offset });
}

/** The searchset Bundle of one page: matches, included resources, total and the self / next / previous links. */
export function searchset(page: {
  matches: Resource[];
  included: Resource[];
  total: number;
  params: SearchParams;
  base: string;
  selfPath: string;
  count: number;
  offset: number;
}): Bundle {
  const { matches, included, total, params, base, selfPath, count, offset } = page;
  const entry = (resource: Resource, mode: 'match' | 'include'): BundleEntry => ({
    fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
    resource,
    search: { mode },
  });
  const link = (relation: string, at: number): BundleLink => {
    const q = new URLSearchParams();
    for (const [name, values] of params) if (name !== '_offset' && name !== '_count') for (const v of values) q.append(name, v);
    q.set('_count', String(count));
    q.set('_offset', String(at));
    return { relation, url: `${base}${selfPath}?${q.toString()}` };
  };
  const links = [link('self', offset)];
  if (count > 0 && offset + count < total) links.push(link('next', offset + count));
  if (offset > 0) links.push(link('previous', Math.max(0, offset - Math.max(count, 1))));
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total,
    link: links,
    ...(matches.length || included.length ? { entry: [...matches.map((m) => entry(m, 'match')), ...included.map((m) => entry(m, 'include'))] } : {}),
  };
}
