import { z } from 'zod';
import type { DiseaseTests, ProgrammeDefinition } from './programme.js';

/**
 * The priority diseases of the health officials' pages, gathered from the
 * programmes' definitions (`priorityDisease`) as the registry registers them.
 * The lists are live: a programme registered at start-up adds its disease to
 * them, and to the schemas that name the diseases (`liveEnum`), so its tile,
 * its map and its DHIS2 cases are served like the built-in ones.
 */

/** The priority diseases' keys, in the order the officials' pages list them (live). */
export const PRIORITY_DISEASES: string[] = [];
/** Which tests count for each priority disease (live). */
export const DISEASE_TESTS: Record<string, DiseaseTests> = {};
/** The programme each priority disease is declared by (live). */
export const PRIORITY_DISEASE_PROGRAMME: Record<string, string> = {};
/** The diseases with a dashboard of their own at each tier, in the sidebar's order (live). */
export const TIER_DISEASES: string[] = [];

const NONE: DiseaseTests = { tested: [], positive: {} };
/** The tests of a priority disease (none for a key that is not one). */
export const diseaseTestsOf = (key: string): DiseaseTests => DISEASE_TESTS[key] ?? NONE;

const order = new Map<string, number>();
const tierOrder = new Map<string, number>();
const byOrder = (of: Map<string, number>) => (a: string, b: string) => (of.get(a) ?? Infinity) - (of.get(b) ?? Infinity);

const KEY = /^[a-z][a-z0-9_]{0,39}$/;

/** Refuse a programme's priority disease before anything of the programme is registered: its key must be new and plain. */
export function checkPriorityDisease(definition: ProgrammeDefinition): void {
  const key = definition.priorityDisease?.key;
  if (key === undefined) return;
  if (!KEY.test(key)) throw new Error(`Priority disease "${key}" of "${definition.name}" must be lower-case letters, digits and _`);
  if (Object.hasOwn(DISEASE_TESTS, key)) throw new Error(`Priority disease "${key}" is already declared by "${PRIORITY_DISEASE_PROGRAMME[key]}"`);
}

/** Add a programme's priority disease: its tests (declared, or the programme's declared positives) and its places in the lists. */
export function addPriorityDisease(definition: ProgrammeDefinition): void {
  const facts = definition.priorityDisease;
  if (!facts) return;
  const declared = definition.catalogue.filter((t) => t.positive?.length && (!facts.only || facts.only.includes(t.code)));
  DISEASE_TESTS[facts.key] = facts.tests ?? {
    tested: declared.map((t) => t.code),
    positive: Object.fromEntries(declared.map((t) => [t.code, t.positive!])),
  };
  PRIORITY_DISEASE_PROGRAMME[facts.key] = definition.name;
  if (facts.order !== undefined) order.set(facts.key, facts.order);
  PRIORITY_DISEASES.push(facts.key);
  PRIORITY_DISEASES.sort(byOrder(order));
  if (facts.tierDashboard !== undefined) {
    tierOrder.set(facts.key, facts.tierDashboard);
    TIER_DISEASES.push(facts.key);
    TIER_DISEASES.sort(byOrder(tierOrder));
  }
}

// --- Schemas naming the diseases ------------------------------------------------------------------------------

type Enum = z.ZodEnum<Record<string, string>>;
const liveEnums: { schema: Enum; values: () => readonly string[] }[] = [];

/**
 * A schema of one of `values()`: built from the values registered when it is made (the OpenAPI document describes
 * them), and accepting the values registered after too, so a programme registered at start-up is read and written.
 * `values()` may read only what the registry has filled by then.
 */
export function liveEnum(values: () => readonly string[], params?: Parameters<typeof z.enum>[1]): Enum {
  const schema = z.enum(values() as [string, ...string[]], params) as unknown as Enum;
  liveEnums.push({ schema, values });
  return schema;
}

/** Let every live schema accept the values registered since it was made (the registry calls it after each programme). */
export function widenLiveEnums(): void {
  for (const { schema, values } of liveEnums) {
    const internals = schema._zod as unknown as { values: Set<string>; def: { entries: Record<string, string> } };
    for (const value of values()) {
      if (internals.values.has(value)) continue;
      internals.values.add(value);
      internals.def.entries[value] = value;
    }
  }
}
