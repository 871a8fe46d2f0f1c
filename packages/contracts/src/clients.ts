import { z } from 'zod';
import { dbId } from './input.js';
import { roleMay } from './programmes/registry.js';

/**
 * Merging two records of one person (`POST clients/{id}/merge/`): the record
 * in the path is kept, the `duplicate` is marked as merged into it. A merge
 * cannot be undone, so it is a supervisor's decision (docs/decisions.md).
 */
export const clientMergeBody = z.object({
  duplicate: dbId({ error: 'This field is required.' }),
  /** The typed confirmation (`MERGE_CONFIRMATION`), needed when the two records' names, sex or date of birth differ. */
  confirm: z.string().max(50).optional(),
});

/** What is typed to merge two records that do not look alike. */
export const MERGE_CONFIRMATION = 'MERGE';

/** The facts that say whether two records are one person. */
export type MergeFact = 'first_name' | 'last_name' | 'sex' | 'date_of_birth';

interface ClientFacts {
  first_name: string;
  last_name: string;
  sex: string;
  date_of_birth: string | null;
  /** The date of birth was worked out from an estimated age: only its year says anything. */
  dob_estimated?: boolean;
}

const yearOf = (date: string) => Number(date.slice(0, 4));

function birthDatesDiffer(a: ClientFacts, b: ClientFacts): boolean {
  if (!a.date_of_birth || !b.date_of_birth) return false;
  // An estimated age is a year give or take one; a date of birth given twice must be the same day.
  if (a.dob_estimated || b.dob_estimated) return Math.abs(yearOf(a.date_of_birth) - yearOf(b.date_of_birth)) > 1;
  return a.date_of_birth.slice(0, 10) !== b.date_of_birth.slice(0, 10);
}

const sameText = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * Where two records of "one person" disagree: names (ignoring case and
 * spaces around), sex, or a date of birth both give (an estimated one by its
 * year, give or take one). A merge of such records
 * asks for the typed confirmation and names these.
 */
export function mergeDifferences(a: ClientFacts, b: ClientFacts): MergeFact[] {
  const out: MergeFact[] = [];
  if (!sameText(a.first_name, b.first_name)) out.push('first_name');
  if (!sameText(a.last_name, b.last_name)) out.push('last_name');
  if (a.sex !== b.sex) out.push('sex');
  if (birthDatesDiffer(a, b)) out.push('date_of_birth');
  return out;
}
export type ClientMergeBody = z.infer<typeof clientMergeBody>;

/** The role that may merge clients: a Supervisor, in any programme where supervisors register clients. */
export const CLIENT_MERGE_ROLE = 'Supervisor';

/** Whether someone holding these programme roles may merge two client records. */
export function mayMergeClients(held: readonly { program: string; role: string | null }[]): boolean {
  return held.some((h) => h.role === CLIENT_MERGE_ROLE && roleMay(h.role, h.program, 'order'));
}
