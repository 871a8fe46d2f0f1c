import { and, eq, inArray, isNull, ne, notInArray } from 'drizzle-orm';
import { clientBody, clientItem, type ClientBody } from '@nlims/contracts';
import { facilityScope, mayInAny } from '../../core/access.js';
import type { Tx } from '../../core/db.js';
import { conflict, forbidden, ValidationError } from '../../core/errors.js';
import { renameFields, type ResourceDef } from '../../core/resource.js';
import type { Principal } from '../users/users.service.js';
import { lgas } from '../geo/geo.table.js';
import { clientIdentifierTypes } from '../reference/reference.table.js';
import { programsOfClients } from './clients.hooks.js';
import { clientIdsMatching } from './clients.search.js';
import { hiddenIdentifiersFor, identifierVisibleTo } from './clients.identifier-access.js';
import { clientIdentifiers, clients } from './clients.table.js';
import { lagosToday } from '../../core/period.js';

type Body = Partial<ClientBody>;

const RENAME: Record<string, string> = {
  first_name: 'firstName',
  last_name: 'lastName',
  other_names: 'otherNames',
  sex: 'sex',
  date_of_birth: 'dateOfBirth',
  phone: 'phone',
  email: 'email',
  language: 'language',
  notify_consent: 'notifyConsent',
  address: 'address',
  state: 'stateId',
  lga: 'lgaId',
};

/** An estimated age becomes a date of birth on today's day and month (in Lagos), marked as estimated. */
export function estimatedBirthDate(years: number, today = new Date()): string {
  const [y, m, d] = lagosToday(today).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d)).toISOString().slice(0, 10);
}

function toValues(body: Body) {
  const values = renameFields(body, RENAME);
  // Every create and edit moves updated_at: a device registering offline compares it with the copy it saw.
  values.updatedAt = new Date();
  if (body.date_of_birth) values.dobEstimated = false;
  else if (body.estimated_age_years != null) {
    values.dateOfBirth = estimatedBirthDate(body.estimated_age_years);
    values.dobEstimated = true;
  }
  return values;
}

async function validate(tx: Tx, body: Body, p: Principal, existingId?: number) {
  if (existingId != null) {
    const [row] = await tx.select({ mergedInto: clients.mergedInto }).from(clients).where(eq(clients.id, existingId));
    if (row?.mergedInto != null) throw conflict(`This record was merged into client ${row.mergedInto}; edit that record instead.`);
    await requireRoleInClientPrograms(tx, p, [existingId]);
  }
  if (body.date_of_birth && body.date_of_birth > lagosToday()) throw ValidationError.field('date_of_birth', 'The date of birth is in the future.');
  if (body.lga != null) {
    const [lga] = await tx.select({ stateId: lgas.stateId }).from(lgas).where(eq(lgas.id, body.lga));
    if (!lga) throw ValidationError.field('lga', `Invalid pk "${body.lga}" - object does not exist.`);
    if (body.state != null && lga.stateId !== body.state) throw ValidationError.field('lga', 'The LGA is not in the chosen state.');
  }
  const ids = body.identifiers ?? [];
  if (!ids.length) return;
  const types = await tx
    .select()
    .from(clientIdentifierTypes)
    .where(
      inArray(
        clientIdentifierTypes.id,
        ids.map((i) => i.identifier_type),
      ),
    );
  for (const id of ids) {
    const type = types.find((t) => t.id === id.identifier_type);
    if (!type) throw ValidationError.field('identifiers', `Invalid identifier type "${id.identifier_type}".`);
    if (!identifierVisibleTo(p, type.name))
      throw ValidationError.field('identifiers', `A ${type.name} is recorded by the staff of its programme; you hold no role there.`);
    const clash = await tx
      .select({ clientId: clientIdentifiers.clientId })
      .from(clientIdentifiers)
      .where(
        and(
          eq(clientIdentifiers.facilityId, p.facilityId ?? -1),
          eq(clientIdentifiers.identifierTypeId, id.identifier_type),
          eq(clientIdentifiers.identifier, id.identifier),
          ...(existingId ? [ne(clientIdentifiers.clientId, existingId)] : []),
        ),
      );
    if (clash.length) throw ValidationError.field('identifiers', `Another client at this facility already has ${type.name} ${id.identifier}.`);
  }
}

/** The identifiers sent replace those the caller can see; a programme's identifier hidden from the caller stays as it was. */
async function afterSave(tx: Tx, id: number, body: Body, p: Principal) {
  if (!body.identifiers) return;
  const [client] = await tx.select({ facilityId: clients.facilityId }).from(clients).where(eq(clients.id, id));
  const hidden = hiddenIdentifiersFor(p);
  await tx
    .delete(clientIdentifiers)
    .where(
      and(
        eq(clientIdentifiers.clientId, id),
        ...(hidden.length
          ? [
              notInArray(
                clientIdentifiers.identifierTypeId,
                tx.select({ id: clientIdentifierTypes.id }).from(clientIdentifierTypes).where(inArray(clientIdentifierTypes.name, hidden)),
              ),
            ]
          : []),
      ),
    );
  if (body.identifiers.length) {
    await tx
      .insert(clientIdentifiers)
      .values(body.identifiers.map((i) => ({ clientId: id, facilityId: client!.facilityId, identifierTypeId: i.identifier_type, identifier: i.identifier })));
  }
}

/** Identifiers of a page of clients, in one query, less those of the `hidden` types (clients/clients.identifier-access.ts). */
export async function clientIdentifiersOf(tx: Tx, clientIds: number[], hidden: readonly string[]) {
  if (!clientIds.length) return [];
  return tx
    .select({
      clientId: clientIdentifiers.clientId,
      identifier_type: clientIdentifiers.identifierTypeId,
      identifier_type_name: clientIdentifierTypes.name,
      identifier: clientIdentifiers.identifier,
    })
    .from(clientIdentifiers)
    .innerJoin(clientIdentifierTypes, eq(clientIdentifierTypes.id, clientIdentifiers.identifierTypeId))
    .where(and(inArray(clientIdentifiers.clientId, clientIds), ...(hidden.length ? [notInArray(clientIdentifierTypes.name, [...hidden])] : [])))
    .orderBy(clientIdentifiers.identifierTypeId);
}

async function expand(tx: Tx, rows: Record<string, unknown>[], p: Principal) {
  return withIdentifiers(tx, rows, hiddenIdentifiersFor(p));
}

async function withIdentifiers(tx: Tx, rows: Record<string, unknown>[], hidden: readonly string[]) {
  const ids = await clientIdentifiersOf(
    tx,
    rows.map((r) => r.id as number),
    hidden,
  );
  return rows.map((r) => ({ ...r, identifiers: ids.filter((i) => i.clientId === r.id).map(({ clientId: _c, ...rest }) => rest) }));
}

/** Whole client records, less the identifiers of the `hidden` types, in one query plus one for their identifiers. */
export async function clientRecords(tx: Tx, ids: number[], hidden: readonly string[]): Promise<Record<string, unknown>[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select(clientResource.fields as never)
    .from(clients)
    .where(inArray(clients.id, ids));
  return withIdentifiers(tx, rows as Record<string, unknown>[], hidden);
}

/** The programmes in which these clients have samples (orders), by name. */
export async function clientPrograms(tx: Tx, clientIds: number[]): Promise<string[]> {
  if (!clientIds.length) return [];
  const answers = await programsOfClients.collect({ tx, clientIds });
  return [...new Set(answers.flat())];
}

/**
 * Changing a client (an edit, a merge) needs a role in every programme the
 * client has samples in: a TB receptionist does not edit an EID infant's
 * record, nor a TB supervisor merge two viral-load patients.
 */
export async function requireRoleInClientPrograms(tx: Tx, p: Principal, clientIds: number[]): Promise<void> {
  const held = p.roles.map((r) => r.program);
  const missing = (await clientPrograms(tx, clientIds)).filter((name) => !held.includes(name));
  if (missing.length)
    throw forbidden(
      `This client has samples in ${missing.join(', ')}, where you hold no role; a colleague of ${missing.length > 1 ? 'those programmes' : 'that programme'} changes the record.`,
    );
}

export const clientResource: ResourceDef = {
  path: 'clients',
  entity: 'client',
  table: clients,
  id: clients.id,
  fields: {
    id: clients.id,
    facility: clients.facilityId,
    first_name: clients.firstName,
    last_name: clients.lastName,
    other_names: clients.otherNames,
    sex: clients.sex,
    date_of_birth: clients.dateOfBirth,
    dob_estimated: clients.dobEstimated,
    phone: clients.phone,
    email: clients.email,
    language: clients.language,
    notify_consent: clients.notifyConsent,
    address: clients.address,
    state: clients.stateId,
    lga: clients.lgaId,
    created_at: clients.createdAt,
    merged_into: clients.mergedInto,
    merged_at: clients.mergedAt,
  },
  item: clientItem,
  body: clientBody as never,
  toValues,
  validate,
  afterSave,
  expand,
  searchWhere: (term, p) => inArray(clients.id, clientIdsMatching(term, hiddenIdentifiersFor(p))),
  filters: { sex: clients.sex },
  // A merged duplicate is kept, but lists and searches show only the record it was merged into.
  extraWhere: () => [isNull(clients.mergedInto)],
  ordering: { last_name: clients.lastName, first_name: clients.firstName, created_at: clients.createdAt, date_of_birth: clients.dateOfBirth },
  defaultOrdering: '-created_at',
  // Clients are shared across a facility's programmes: any programme's staff may find them, its registration roles register them.
  access: { read: (p) => mayInAny(p, 'read'), write: (p) => mayInAny(p, 'order'), delete: false },
  scope: { column: clients.facilityId, valueKey: 'facilityId', of: facilityScope },
  tags: ['clients'],
  auditReads: true,
};
