import { z } from 'zod';
import type { Role } from '../roles.js';
import { addToCatalogue, keyMemberCodes } from './catalogue.js';
import { EID } from './eid/definition.js';
import { FAMILIES, type FamilyDefinition, type Permission, type ProgramFamily, type ProgramForm } from './families.js';
import { type FormSpec, formLines, formSchema } from './form-spec.js';
import { GENERAL } from './general/definition.js';
import { PUBLIC_HEALTH_PROGRAMMES } from './ph/definition.js';
import { addNotifiable } from './ph/ph.js';
import { addPriorityDisease, checkPriorityDisease, widenLiveEnums } from './priority.js';
import type { ProgrammeDefinition } from './programme.js';
import { TUBERCULOSIS } from './tb/definition.js';
import type { ProgrammeRules, RequestContext } from './types.js';
import { VIRAL_LOAD } from './vl/definition.js';

/**
 * The registry of programmes: above every family's definitions, the one
 * place that lists them. Everything that asks "which programmes", "which
 * family", "which form", "which rules", "which tests" asks here, at the time
 * it asks, so a programme registered at start-up (`registerProgramme`) is
 * served like the built-in ones without another line of code.
 */

/** The registered programmes, in the order the product lists them (live: registration adds to it). */
export const PROGRAM_DEFINITIONS: ProgrammeDefinition[] = [];
/** Their display names, in the same order (live). */
export const PROGRAMS: string[] = [];
const byName = new Map<string, ProgrammeDefinition>();

/**
 * A client's programme-specific identifier types (DESIGN §3) — ART number, HIV-exposed infant number, the TB
 * register numbers, EPID number — each with the programmes whose request form keeps it (live). To see an ART
 * number is to learn an HIV status, so such an identifier is shown only to users holding a role in one of its
 * programmes; everywhere else it is absent, not masked. Identifier types no programme keeps are everyone's.
 */
export const PROGRAMME_IDENTIFIER_TYPES: Record<string, string[]> = {};

const CODE_PATTERN = /^[A-Z]{2,5}$/;

/** Add a programme: its name and laboratory-number prefix must be new, its tests' codes too, and its tests its own. */
export function registerProgramme(definition: ProgrammeDefinition): void {
  const { name, code, family } = definition;
  if (!name.trim() || name.length > 100) throw new Error(`Programme name "${name}" must be 1–100 characters`);
  if (byName.has(name)) throw new Error(`Programme "${name}" is already registered`);
  if (!CODE_PATTERN.test(code) || PROGRAM_DEFINITIONS.some((d) => d.code === code)) throw new Error(`Programme code "${code}" must be 2–5 capitals, unused`);
  if (!FAMILIES[family]) throw new Error(`Programme "${name}" names an unknown family "${family}"`);
  const foreign = definition.catalogue.find((t) => t.program !== name);
  if (foreign) throw new Error(`Test "${foreign.code}" of programme "${name}" says it belongs to "${foreign.program}"`);
  checkPriorityDisease(definition);
  addToCatalogue(definition.catalogue);
  PROGRAM_DEFINITIONS.push(definition);
  PROGRAMS.push(name);
  byName.set(name, definition);
  if (definition.notifiable) addNotifiable(name);
  addPriorityDisease(definition);
  for (const type of Object.values(definition.rules?.identifierFields ?? {})) {
    PROGRAMME_IDENTIFIER_TYPES[type] = [...(PROGRAMME_IDENTIFIER_TYPES[type] ?? []), name];
  }
  widenLiveEnums();
}

for (const definition of [GENERAL, TUBERCULOSIS, ...PUBLIC_HEALTH_PROGRAMMES, EID, VIRAL_LOAD]) registerProgramme(definition);

export function programDefinition(name: string): ProgrammeDefinition | undefined {
  return byName.get(name);
}

export const isProgramName = (value: string): boolean => byName.has(value);

/** The family of a programme; an unknown name is served by the public-health pages. */
export function programFamily(name: string): ProgramFamily {
  return byName.get(name)?.family ?? 'ph';
}

export function familyOf(name: string): FamilyDefinition {
  return FAMILIES[programFamily(name)];
}

/** The programmes a wire form serves (public_health_sample/ serves eleven). */
export function programsOfForm(form: ProgramForm): string[] {
  return PROGRAM_DEFINITIONS.filter((d) => FAMILIES[d.family].form === form).map((d) => d.name);
}

/** The programmes whose family has a line list, in registration order. */
export const programsWithLineList = (): string[] => PROGRAM_DEFINITIONS.filter((d) => FAMILIES[d.family].lineList).map((d) => d.name);

/** The panel members that stand for their panel in a family's line list: key members, and those a definition names. */
export function lineListKeyMembers(family: ProgramFamily): string[] {
  const programs = PROGRAM_DEFINITIONS.filter((d) => d.family === family);
  return [...keyMemberCodes(programs.map((d) => d.name)), ...programs.flatMap((d) => d.lineListMembers ?? [])];
}

/** The programmes a report path serves (its families' `report`). */
export function programsOfReport(report: FamilyDefinition['report']): string[] {
  return PROGRAM_DEFINITIONS.filter((d) => FAMILIES[d.family].report === report).map((d) => d.name);
}

/** May this role do this in this programme? The one rule the server and the web both apply. */
export function roleMay(role: Role | string | null | undefined, program: string, permission: Permission): boolean {
  return role != null && (familyOf(program).roles[permission] as readonly string[]).includes(role);
}

// --- Request forms ------------------------------------------------------------------------------------------

/** A programme without a form takes none: an empty object, strictly (an unknown field is refused). */
const noForm = z.object({}).strict() as unknown as z.ZodType<Record<string, unknown>>;
const schemas = new Map<FormSpec, z.ZodType<Record<string, unknown>>>();

/** The declared request form of a programme, or null (General takes none). */
export const requestFormSpecOf = (program: string): FormSpec | null => byName.get(program)?.form ?? null;

/** The request-form schema of a programme (by name): the server validates an order's `form` with it. */
export function requestFormOf(program: string): z.ZodType<Record<string, unknown>> {
  const spec = byName.get(program)?.form;
  if (!spec) return noForm;
  let schema = schemas.get(spec);
  if (!schema) {
    schema = formSchema(spec) as z.ZodType<Record<string, unknown>>;
    schemas.set(spec, schema);
  }
  return schema;
}

// --- Rules --------------------------------------------------------------------------------------------------

export const rulesOf = (program: string): ProgrammeRules => byName.get(program)?.rules ?? {};

/** A stored request form as the report prints it: the programme's own lines (TB, EID), else every answered field of its declared form. */
export function requestLinesOf(program: string, form: Readonly<Record<string, unknown>>, context?: RequestContext): [string, string][] {
  const own = rulesOf(program).requestLines;
  if (own) return own(form, context);
  const spec = requestFormSpecOf(program);
  return spec ? formLines(spec, form) : [];
}

// --- Identifiers --------------------------------------------------------------------------------------------

/** Whether someone holding roles in `held` may see (or write) an identifier of this type. */
export function identifierVisible(typeName: string, held: readonly string[]): boolean {
  const owners = Object.hasOwn(PROGRAMME_IDENTIFIER_TYPES, typeName) ? PROGRAMME_IDENTIFIER_TYPES[typeName]! : null;
  return owners == null || owners.some((p) => held.includes(p));
}

/** The identifier types hidden from someone holding roles in `held`. */
export const hiddenIdentifierTypes = (held: readonly string[]): string[] =>
  Object.keys(PROGRAMME_IDENTIFIER_TYPES).filter((type) => !identifierVisible(type, held));
