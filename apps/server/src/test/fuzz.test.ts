import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './harness.js';

/**
 * Malformed input never reaches a 5xx: every operation of the OpenAPI document
 * gets malformed path ids, query values and bodies, as a super admin, as a
 * facility user and without a token. A 400 always names its fields.
 */
let t: TestApp;
type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[] };
type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> }; parameters?: { in: string; name: string }[] };
let operations: { method: string; path: string; op: Operation }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
}, 120_000);
afterAll(() => t.close());

const BIG = 2 ** 31;
const NUL = 'a\u0000b';
const HUGE = 'x'.repeat(100_000);

const typeOf = (s: Schema | undefined): string => {
  if (!s) return 'unknown';
  const types = Array.isArray(s.type) ? s.type.filter((x) => x !== 'null') : s.type ? [s.type] : [];
  if (types[0]) return types[0];
  return typeOf((s.anyOf ?? s.oneOf ?? []).find((x) => x.type !== 'null'));
};

/** Bodies built from the operation's own schema: every property wrong in one way at a time. */
function bodies(op: Operation): unknown[] {
  const props = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
  const each = (make: (type: string) => unknown) => Object.fromEntries(Object.entries(props).map(([k, s]) => [k, make(typeOf(s))]));
  return [
    {},
    [],
    'not json at all',
    JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
    each((type) => (type === 'string' ? 12 : type === 'array' ? { not: 'an array' } : 'wrong')),
    each((type) => (type === 'string' ? NUL : type === 'array' ? [NUL] : type === 'integer' || type === 'number' ? BIG : NUL)),
    each((type) => (type === 'integer' || type === 'number' ? BIG : type === 'array' ? [BIG, -1] : type === 'string' ? HUGE : BIG)),
    each((type) => (type === 'string' ? '\u202Eevil' : type === 'integer' || type === 'number' ? 1e20 : null)),
  ];
}

const ID_VARIANTS = ['0', String(BIG), '99999999999999999999', 'abc', '%00'];
const QUERIES = ['search=%00', 'page=0', 'page=99999999999999999999', 'page_size=1000', 'ordering=zzz', 'Filters.status=99999999999999999999', 'Filters.x=%00'];

interface Probe {
  method: string;
  url: string;
  payload?: unknown;
}

/** The full set for one caller; a lighter one (the values that reach the database) for the others. */
function probes(method: string, path: string, op: Operation, light: boolean): Probe[] {
  const withId = (id: string) => path.replace(/\{[^}]+\}/g, id);
  const ids = light ? [String(BIG), '%00'] : ID_VARIANTS;
  const out: Probe[] = ids.filter(() => path.includes('{')).map((id) => ({ method, url: withId(id), payload: method === 'GET' ? undefined : {} }));
  const url = withId('1');
  if (method === 'GET')
    for (const q of light ? QUERIES.filter((q) => q.includes('%00') || q.includes('9999')) : QUERIES) out.push({ method, url: `${url}?${q}` });
  else for (const payload of light ? bodies(op).slice(4, 6) : bodies(op)) out.push({ method, url, payload });
  return out;
}

async function send(probe: Probe, token: string | null) {
  const raw = typeof probe.payload === 'string';
  return t.app.inject({
    method: probe.method as 'GET',
    url: probe.url,
    headers: { ...(token ? bearer(token) : {}), ...(raw ? { 'content-type': 'application/json' } : {}) },
    ...(probe.payload === undefined ? {} : { payload: raw ? (probe.payload as string) : JSON.stringify(probe.payload) }),
    ...(probe.payload !== undefined && !raw ? { headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' } } : {}),
  });
}

describe('malformed input never reaches a 5xx', () => {
  // The General and the TB supervisor reach past the role checks into each programme's routes.
  for (const who of ['superadmin', 'clin_supervisor', 'ph_supervisor', null] as const) {
    it(`answers every operation's malformed variants without a 5xx (${who ?? 'no token'})`, async () => {
      const token = who ? await t.token(who) : null;
      const failures: string[] = [];
      const all = operations.flatMap(({ method, path, op }) => probes(method, path, op, who !== 'superadmin'));
      expect(all.length).toBeGreaterThan(300);
      // a few at a time: the same database serves them all
      for (let i = 0; i < all.length; i += 8) {
        const batch = all.slice(i, i + 8);
        const replies = await Promise.all(batch.map((p) => send(p, token)));
        replies.forEach((res, j) => {
          const probe = batch[j]!;
          const label = `${probe.method} ${probe.url} ${JSON.stringify(probe.payload)?.slice(0, 80) ?? ''}`;
          if (res.statusCode >= 500 && res.statusCode !== 503) failures.push(`${res.statusCode} ${label} ${res.body.slice(0, 200)}`);
          if (res.statusCode === 400) {
            const body = res.json() as Record<string, unknown>;
            const named = body && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length > 0;
            const messages = named && Object.values(body).every((v) => Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string'));
            // The FHIR door answers FHIR's own error: an OperationOutcome whose issues say what is wrong (and where).
            const issues = (body as { resourceType?: string; issue?: { diagnostics?: unknown }[] }).issue;
            const outcome =
              body?.resourceType === 'OperationOutcome' && Array.isArray(issues) && issues.length > 0 && issues.every((i) => typeof i.diagnostics === 'string');
            if (!messages && !outcome) failures.push(`400 without named fields: ${label} ${res.body.slice(0, 200)}`);
          }
        });
      }
      expect(failures).toEqual([]);
    }, 240_000);
  }
});

/**
 * A body that names nothing — `{}`, `null`, or only a name every object inherits (`__proto__`, dropped when read) —
 * sent to every PATCH and PUT, on rows that exist (the first ids of each path parameter, in every combination), as
 * the people who keep them: never a 5xx. A PATCH that names nothing to change is a 400 on the body (or the
 * caller's 403), never an update of nothing.
 */
describe('bodies that name nothing', () => {
  const EMPTY = ['{}', 'null', '{"__proto__": {"polluted": true}}'];
  const IDS = ['1', '2', '3', '4'];
  /** Every way of filling the path's parameters with the first ids. */
  const urls = (path: string): string[] =>
    (path.match(/\{[^}]+\}/g) ?? []).reduce((partial, param) => partial.flatMap((url) => IDS.map((id) => url.replace(param, id))), [path]);
  for (const who of ['superadmin', 'clin_supervisor', 'ph_supervisor', 'clin_admin', 'ph_admin'] as const) {
    it(`never reach a 5xx on a PATCH or PUT (${who})`, async () => {
      t.forget(who); // the probes above sign out too
      const token = await t.token(who);
      const writes = operations.filter(({ method, path }) => (method === 'PATCH' || method === 'PUT') && path.startsWith('/api/'));
      expect(writes.length).toBeGreaterThan(50);
      const failures: string[] = [];
      const all = writes.flatMap(({ method, path }) => urls(path).flatMap((url) => EMPTY.map((payload) => ({ method, url, payload }))));
      for (let i = 0; i < all.length; i += 8) {
        const batch = all.slice(i, i + 8);
        const replies = await Promise.all(
          batch.map(({ method, url, payload }) =>
            t.app.inject({ method: method as 'PATCH', url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload }),
          ),
        );
        replies.forEach((res, j) => {
          const { method, url, payload } = batch[j]!;
          const label = `${res.statusCode} ${method} ${url} ${payload} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500) failures.push(label);
          else if (method === 'PATCH' && res.statusCode !== 400 && res.statusCode !== 403) failures.push(label);
        });
      }
      expect(failures).toEqual([]);
    }, 240_000);
  }
});

/**
 * Names every object inherits (`__proto__`, `constructor`, `toString`) reach no lookup: each list's
 * `ordering`, `search` and `Filters.*` values are checked against its own allow-list, so an unknown
 * ordering is a 400 naming the parameter, and a search for these words is just a search.
 */
describe('inherited names in ordering, search and filters', () => {
  const NAMES = ['__proto__', 'constructor', 'toString'].flatMap((n) => [n, `-${n}`]);
  for (const who of ['ph_supervisor', 'clin_supervisor'] as const) {
    it(`are refused or searched for on every list (${who})`, async () => {
      const token = await t.token(who);
      const lists = operations.filter(({ method, path }) => method === 'GET' && !path.includes('{'));
      expect(lists.length).toBeGreaterThan(40);
      const failures: string[] = [];
      let orderedLists = 0;
      for (const { path, op } of lists) {
        const ordered = op.parameters?.some((q) => q.in === 'query' && q.name === 'ordering') ?? false;
        if (ordered) orderedLists++;
        const probes = [
          ...NAMES.map((n) => ({ q: `ordering=${encodeURIComponent(n)}`, ordering: true })),
          ...NAMES.map((n) => ({ q: `search=${encodeURIComponent(n)}`, ordering: false })),
          ...['__proto__', 'constructor', 'toString'].map((n) => ({ q: `Filters.${n}=1`, ordering: false })),
        ];
        const replies = await Promise.all(probes.map((p) => t.app.inject({ url: `${path}?page=1&${p.q}`, headers: bearer(token) })));
        replies.forEach((res, i) => {
          const probe = probes[i]!;
          const label = `${res.statusCode} GET ${path}?${probe.q} ${res.body.slice(0, 160)}`;
          if (res.statusCode >= 500) failures.push(label);
          else if (probe.ordering && ordered && res.statusCode !== 403 && !(res.statusCode === 400 && 'ordering' in res.json())) failures.push(label);
        });
      }
      expect(orderedLists).toBeGreaterThan(20);
      expect(failures).toEqual([]);
    }, 120_000);
  }
});
