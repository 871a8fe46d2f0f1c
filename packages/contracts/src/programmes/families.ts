import { EID_FAMILY } from './eid/family.js';
import type { FamilyFacts } from './family.js';
import { GENERAL_FAMILY } from './general/family.js';
import { PH_FAMILY } from './ph/family.js';
import { TB_FAMILY } from './tb/family.js';
import { VL_FAMILY } from './vl/family.js';

export type { FamilyFacts, FamilyGroup, FamilyOwnPage, FamilyPage, PageView, Permission } from './family.js';

/**
 * The registered families of programmes (DESIGN §4), one line each, in the order the sidebar lists their pages;
 * each declares itself in its folder (`<family>/family.ts`). Below every programme's definition and the registry
 * (registry.ts), which says which family each programme belongs to. The names below are made of these declarations.
 */
const REGISTERED_FAMILIES = [GENERAL_FAMILY, TB_FAMILY, EID_FAMILY, VL_FAMILY, PH_FAMILY] as const;

type Registered = (typeof REGISTERED_FAMILIES)[number];

/** Which family of pages and rules serves a programme. */
export type ProgramFamily = Registered['family'];

/** The wire form of a family's orders (SPEC §7 "POST /{form}/"). */
export type ProgramForm = Registered['form'];

export interface FamilyDefinition extends FamilyFacts {
  family: ProgramFamily;
  form: ProgramForm;
  report: Registered['report'];
  dashboard: Registered['dashboard'];
  count: Registered['count'];
}

/** The families, in the order they are registered. */
export const FAMILY_LIST: readonly FamilyDefinition[] = REGISTERED_FAMILIES;

export const FAMILIES = Object.fromEntries(FAMILY_LIST.map((f) => [f.family, f])) as Readonly<Record<ProgramFamily, FamilyDefinition>>;
