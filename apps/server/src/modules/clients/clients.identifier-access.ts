import { hiddenIdentifierTypes, identifierVisible } from '@nlims/contracts';
import type { Principal } from '../users/users.service.js';

/**
 * The client's programme-specific identifiers the caller may not see (DESIGN
 * §3, contracts' PROGRAMME_IDENTIFIER_TYPES): an ART number is absent for
 * whoever holds no role in Viral Load — left out of every reply and every
 * search, never masked.
 */
export const hiddenIdentifiersFor = (p: Principal): string[] => hiddenIdentifierTypes(heldPrograms(p));

export const identifierVisibleTo = (p: Principal, typeName: string): boolean => identifierVisible(typeName, heldPrograms(p));

const heldPrograms = (p: Principal) => p.roles.map((r) => r.program);
