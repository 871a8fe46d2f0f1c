import { and, eq, inArray } from 'drizzle-orm';
import { requestFormOf, rulesOf } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { clientIdentifiers } from '../clients/clients.table.js';
import { clientIdentifierTypes } from '../reference/reference.table.js';

/**
 * The order's request form checked against its programme's schema
 * (contracts/programmes/forms.ts: General has none, Tuberculosis the
 * presumptive-TB request); a bad field is a 400 naming `form.<field>`.
 */
export function validateRequestForm(program: string, form: Record<string, unknown> | undefined): Record<string, unknown> {
  const parsed = requestFormOf(program).safeParse(form ?? {});
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const fields: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    fields[key] = [...(fields[key] ?? []), message];
  };
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') for (const k of issue.keys) add(`form.${k}`, 'This field is not part of the form.');
    else add(['form', ...issue.path.map(String)].join('.'), issue.message);
  }
  throw new ValidationError(fields);
}

/**
 * Request-form fields that identify the client (TB: the LGA TB number and the
 * DR-TB register number) become the client's identifiers, so the next request
 * finds the patient by them. One that already names another client of the
 * facility is a 400 on the field: the same number cannot be two patients.
 */
export async function keepFormIdentifiers(tx: Tx, program: string, client: { id: number; facilityId: number }, form: Record<string, unknown>): Promise<void> {
  const fields = Object.entries(rulesOf(program).identifierFields ?? {}).filter(([field]) => typeof form[field] === 'string' && form[field] !== '');
  if (!fields.length) return;
  const types = await tx
    .select({ id: clientIdentifierTypes.id, name: clientIdentifierTypes.name })
    .from(clientIdentifierTypes)
    .where(
      inArray(
        clientIdentifierTypes.name,
        fields.map(([, type]) => type),
      ),
    );
  for (const [field, typeName] of fields) {
    const type = types.find((t) => t.name === typeName);
    if (!type) continue;
    const identifier = String(form[field]);
    const [held] = await tx
      .select({ clientId: clientIdentifiers.clientId })
      .from(clientIdentifiers)
      .where(
        and(eq(clientIdentifiers.facilityId, client.facilityId), eq(clientIdentifiers.identifierTypeId, type.id), eq(clientIdentifiers.identifier, identifier)),
      );
    if (held && held.clientId !== client.id) throw ValidationError.field(`form.${field}`, `This ${typeName} belongs to another client.`);
    if (!held) await tx.insert(clientIdentifiers).values({ clientId: client.id, facilityId: client.facilityId, identifierTypeId: type.id, identifier });
  }
}
