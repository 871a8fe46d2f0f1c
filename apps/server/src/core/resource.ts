import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import './audit.js';
import { idParams, listQuery, paginated, patchBody } from '@nlims/contracts';
import { onlyIf, principalOf } from './auth.js';
import type { Db, Tx } from './db.js';
import { pgError, uniqueViolationToValidation } from './db-errors.js';
import { conflict, forbidden, notFound } from './errors.js';
import { idempotencyHeaders, idempotentCreate } from './idempotency.js';
import type { Principal } from './principal.js';
import type { App } from './types.js';
import { type ResourceDef, type Rule, signedIn, superuserOnly } from './resource-def.js';
import { listResource } from './resource-list.js';

// The mechanism in three files: the declaration (resource-def.ts), the list (resource-list.ts), and here the routes.
export { type ResourceDef, type Rule, signedIn, superuserOnly } from './resource-def.js';
export { booleanFilter, type ListReply, listResource, numberFilter, own, pageOfRows } from './resource-list.js';

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
