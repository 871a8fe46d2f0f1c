import type { ProgramFamily } from './programmes/families.js';
import { programFamily } from './programmes/registry.js';

export { isProgramName, PROGRAMS } from './programmes/registry.js';

/** A programme's display name; any registered programme (the registry holds them). */
export type ProgramName = string;

/**
 * Which family of pages serves a programme: General is the clinical lab-order
 * programme, TB, EID and Viral Load have their own pages, every other
 * programme uses the public-health (ph-*) pages.
 */
export type ProgramKind = ProgramFamily;

export const programKind = (program: string): ProgramKind => programFamily(program);
