import { PROGRAM_DEFINITIONS, programFamily, type ProgramFamily, type ProgramName } from './programmes/definitions.js';

export type { ProgramName };

/** The fifteen programmes, by display name, in the order the product lists them (from their definitions). */
export const PROGRAMS: readonly ProgramName[] = PROGRAM_DEFINITIONS.map((d) => d.name);

/**
 * Which family of pages serves a programme: General is the clinical lab-order
 * programme, TB, EID and Viral Load have their own pages, every other
 * programme uses the public-health (ph-*) pages.
 */
export type ProgramKind = ProgramFamily;

export const programKind = (program: string): ProgramKind => programFamily(program);

export function isProgramName(value: string): value is ProgramName {
  return (PROGRAMS as readonly string[]).includes(value);
}
