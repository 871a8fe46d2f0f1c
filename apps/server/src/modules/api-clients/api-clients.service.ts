import { RateWindow } from '../../core/rate-window.js';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { API_SCOPES, API_SECRET_PREFIX, type ApiClientBody, type ApiClientItem, type ApiScope } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { AppError, forbidden, notFound, ValidationError } from '../../core/errors.js';
import { iso } from '../../core/sql-values.js';
import { recordAudit } from '../audit/audit.service.js';
import { facilities } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import type { Principal } from '../users/users.service.js';
import { users } from '../users/users.table.js';
import { clientKeeper } from './api-clients.access.js';
import { apiClients } from './api-clients.table.js';

/**
 * API clients: another system's door (an EMR at one facility). The secret is 32 random bytes shown once, kept as
 * its sha256 (a high-entropy secret needs no slow hash); it carries the public client id, so a call finds its
 * client by the unique id and compares digests in constant time. Revoking is immediate: the next call is a 401.
 */

export const digest = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** A new public id and secret (`nlk_<client_id>_<random>`). */
export function newCredential(clientId = randomBytes(9).toString('hex')): { clientId: string; secret: string } {
  return { clientId, secret: `${API_SECRET_PREFIX}${clientId}_${randomBytes(32).toString('base64url')}` };
}

const isSystem = (token: string): boolean => token.startsWith(API_SECRET_PREFIX);

/** Calls per client per window; a test may lower it. Kept in the process (each server process counts its own). */
export const API_CLIENT_RATE = { limit: 300, windowMs: 60_000 };
const clientCalls = new RateWindow<number>(API_CLIENT_RATE);

/** Count a call against its client's window; 429 with Retry-After once the window's calls are spent. */
export function throttleClient(id: number): void {
  const wait = clientCalls.take(id);
  if (wait > 0) throw new AppError(429, `Too many requests from this API client. Try again in ${wait} second(s).`, { 'retry-after': String(wait) });
}

/** Forget the counted calls (tests). */
export const resetClientRates = (): void => clientCalls.clear();

/** The system's principal for its secret, or null (unknown, revoked, or a wrong secret); counts the call. */
export async function authenticateSystem(db: Tx, token: string): Promise<Principal | null> {
  const rest = token.slice(API_SECRET_PREFIX.length);
  const cut = rest.indexOf('_');
  if (cut <= 0 || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(apiClients)
    .where(and(eq(apiClients.clientId, rest.slice(0, cut)), eq(apiClients.isActive, true)));
  if (!row) return null;
  const given = Buffer.from(digest(token), 'hex');
  const kept = Buffer.from(row.secretHash, 'hex');
  if (given.length !== kept.length || !timingSafeEqual(given, kept)) return null;
  throttleClient(row.id);
  // The last use to the minute: one write a minute per client, not one per call.
  await db.execute(
    sql`update api_clients set last_used_at = now() where id = ${row.id} and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
  );
  return {
    id: row.createdBy ?? 0,
    username: `api:${row.name}`,
    isSuperuser: false,
    isActive: true,
    facilityId: row.facilityId,
    facilityType: null,
    userLocation: null,
    stateId: null,
    lgaId: null,
    roles: [],
    sessionId: null,
    apiClient: {
      id: row.id,
      name: row.name,
      scopes: row.scopes.filter((s): s is ApiScope => (API_SCOPES as readonly string[]).includes(s)),
      programIds: row.programs,
    },
  };
}

/** What core/auth.ts is handed for systems' credentials. */
export const systemAuthenticator = (db: Tx) => ({ isSystem, authenticate: (token: string) => authenticateSystem(db, token) });

type Row = typeof apiClients.$inferSelect;

async function items(tx: Tx, rows: Row[]): Promise<ApiClientItem[]> {
  if (!rows.length) return [];
  const programIds = [...new Set(rows.flatMap((r) => r.programs))];
  const names = programIds.length ? await tx.select().from(programs).where(inArray(programs.id, programIds)) : [];
  const facs = await tx
    .select({ id: facilities.id, name: facilities.facilityName })
    .from(facilities)
    .where(
      inArray(
        facilities.id,
        rows.map((r) => r.facilityId),
      ),
    );
  const creatorIds = rows.map((r) => r.createdBy).filter((x): x is number => x != null);
  const creators = creatorIds.length ? await tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, creatorIds)) : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    client_id: r.clientId,
    facility: r.facilityId,
    facility_name: facs.find((f) => f.id === r.facilityId)?.name ?? '',
    scopes: r.scopes,
    programs: r.programs.map((id) => names.find((n) => n.id === id)?.name ?? String(id)),
    is_active: r.isActive,
    created_by: creators.find((c) => c.id === r.createdBy)?.username ?? null,
    created_at: iso(r.createdAt)!,
    last_used_at: iso(r.lastUsedAt),
    revoked_at: iso(r.revokedAt),
  }));
}

/** The facility's clients (the super admin: every facility's, or one's). */
export async function listApiClients(tx: Tx, p: Principal, facility?: number): Promise<ApiClientItem[]> {
  const keeper = clientKeeper(p);
  const where = keeper.facilityId != null ? eq(apiClients.facilityId, keeper.facilityId) : facility != null ? eq(apiClients.facilityId, facility) : undefined;
  const rows = await tx.select().from(apiClients).where(where).orderBy(desc(apiClients.isActive), desc(apiClients.createdAt), desc(apiClients.id));
  return items(tx, rows);
}

export async function createApiClient(tx: Tx, p: Principal, body: ApiClientBody) {
  const keeper = clientKeeper(p);
  let facilityId = keeper.facilityId;
  if (facilityId == null) {
    if (body.facility == null) throw ValidationError.field('facility', 'This field is required.');
    const [f] = await tx.select({ id: facilities.id }).from(facilities).where(eq(facilities.id, body.facility));
    if (!f) throw ValidationError.field('facility', `Invalid pk "${body.facility}" - object does not exist.`);
    facilityId = f.id;
  } else if (body.facility != null && body.facility !== facilityId)
    throw ValidationError.field('facility', 'An administrator creates clients at its own facility.');
  const wanted = [...new Set(body.programs)];
  const beyond = keeper.programs ? wanted.filter((name) => !keeper.programs!.includes(name)) : [];
  if (beyond.length) throw ValidationError.field('programs', `You do not administer: ${beyond.join(', ')}.`);
  const found = await tx.select().from(programs).where(inArray(programs.name, wanted));
  const unknown = wanted.filter((name) => !found.some((f) => f.name === name));
  if (unknown.length) throw ValidationError.field('programs', `Unknown programme: ${unknown.join(', ')}.`);
  const [clash] = await tx
    .select({ id: apiClients.id })
    .from(apiClients)
    .where(and(eq(apiClients.facilityId, facilityId), sql`lower(${apiClients.name}) = lower(${body.name})`));
  if (clash) throw ValidationError.field('name', 'An API client with this name already exists at this facility.');
  const credential = newCredential();
  const [row] = await tx
    .insert(apiClients)
    .values({
      facilityId,
      name: body.name,
      clientId: credential.clientId,
      secretHash: digest(credential.secret),
      scopes: [...new Set(body.scopes)],
      programs: found.map((f) => f.id).sort((a, b) => a - b),
      createdBy: p.id,
    })
    .returning();
  await recordAudit(tx, p, {
    action: 'api_client.created',
    entity: 'api_client',
    entityId: String(row!.id),
    after: { name: row!.name, client_id: row!.clientId, facility: facilityId, scopes: row!.scopes, programs: wanted },
  });
  const [item] = await items(tx, [row!]);
  return { ...item!, secret: credential.secret };
}

/** The client, if the caller keeps it: another facility's is a 404; one beyond the admin's programmes a 403. */
async function kept(tx: Tx, p: Principal, id: number): Promise<Row> {
  const keeper = clientKeeper(p);
  const [row] = await tx
    .select()
    .from(apiClients)
    .where(and(eq(apiClients.id, id), ...(keeper.facilityId != null ? [eq(apiClients.facilityId, keeper.facilityId)] : [])))
    .for('update');
  if (!row) throw notFound();
  if (keeper.programs) {
    const names = row.programs.length ? await tx.select().from(programs).where(inArray(programs.id, row.programs)) : [];
    if (names.some((n) => !keeper.programs!.includes(n.name))) throw forbidden('This client reaches programmes you do not administer.');
  }
  return row;
}

export async function revokeApiClient(tx: Tx, p: Principal, id: number): Promise<ApiClientItem> {
  const row = await kept(tx, p, id);
  if (!row.isActive) throw ValidationError.field('non_field_errors', 'This client is already revoked.');
  const [updated] = await tx.update(apiClients).set({ isActive: false, revokedAt: new Date(), revokedBy: p.id }).where(eq(apiClients.id, id)).returning();
  await recordAudit(tx, p, {
    action: 'api_client.revoked',
    entity: 'api_client',
    entityId: String(id),
    before: { is_active: true },
    after: { is_active: false },
  });
  const [item] = await items(tx, [updated!]);
  return item!;
}

/** A new secret (the old one stops working at once), shown this once. */
export async function rotateApiClient(tx: Tx, p: Principal, id: number) {
  const row = await kept(tx, p, id);
  if (!row.isActive) throw ValidationError.field('non_field_errors', 'A revoked client cannot be given a new secret.');
  const credential = newCredential(row.clientId);
  const [updated] = await tx
    .update(apiClients)
    .set({ secretHash: digest(credential.secret) })
    .where(eq(apiClients.id, id))
    .returning();
  await recordAudit(tx, p, { action: 'api_client.rotated', entity: 'api_client', entityId: String(id) });
  const [item] = await items(tx, [updated!]);
  return { ...item!, secret: credential.secret };
}
