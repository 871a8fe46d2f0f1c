import { PROGRAM_DEFINITIONS } from './definitions.js';
import { rulesOf } from './rules.js';

/**
 * A client's programme-specific identifiers (DESIGN §3): the identifier types
 * a programme's request form keeps on the client (ART number, HIV-exposed
 * infant number, the TB register numbers, EPID number), each with the
 * programmes that keep it. To see an ART number is to learn an HIV status,
 * so such an identifier is shown only to users holding a role in one of its
 * programmes; everywhere else it is absent, not masked. Identifier types no
 * programme keeps (hospital number, NIN) are everyone's.
 */
export const PROGRAMME_IDENTIFIER_TYPES: Readonly<Record<string, readonly string[]>> = (() => {
  const out: Record<string, string[]> = {};
  for (const { name } of PROGRAM_DEFINITIONS) {
    for (const type of Object.values(rulesOf(name).identifierFields ?? {})) out[type] = [...(out[type] ?? []), name];
  }
  return out;
})();

/** Whether someone holding roles in `held` may see (or write) an identifier of this type. */
export function identifierVisible(typeName: string, held: readonly string[]): boolean {
  const owners = Object.hasOwn(PROGRAMME_IDENTIFIER_TYPES, typeName) ? PROGRAMME_IDENTIFIER_TYPES[typeName]! : null;
  return owners == null || owners.some((p) => held.includes(p));
}

/** The identifier types hidden from someone holding roles in `held`. */
export const hiddenIdentifierTypes = (held: readonly string[]): string[] =>
  Object.keys(PROGRAMME_IDENTIFIER_TYPES).filter((type) => !identifierVisible(type, held));
