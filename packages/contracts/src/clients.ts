import { z } from 'zod';
import { dbId } from './input.js';
import { roleMay } from './programmes/definitions.js';

/**
 * Merging two records of one person (`POST clients/{id}/merge/`): the record
 * in the path is kept, the `duplicate` is marked as merged into it. A merge
 * cannot be undone, so it is a supervisor's decision (docs/decisions.md).
 */
export const clientMergeBody = z.object({
  duplicate: dbId({ error: 'This field is required.' }),
});
export type ClientMergeBody = z.infer<typeof clientMergeBody>;

/** The role that may merge clients: a Supervisor, in any programme where supervisors register clients. */
export const CLIENT_MERGE_ROLE = 'Supervisor';

/** Whether someone holding these programme roles may merge two client records. */
export function mayMergeClients(held: readonly { program: string; role: string | null }[]): boolean {
  return held.some((h) => h.role === CLIENT_MERGE_ROLE && roleMay(h.role, h.program, 'order'));
}
