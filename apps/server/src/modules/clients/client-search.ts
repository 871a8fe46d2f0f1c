import { ilike, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import { clientIdentifiers, clients } from './clients.table.js';

/** The text a client is found by; the same expression as the trigram index (migration 0007). */
export const clientSearchText = sql`(${clients.firstName} || ' ' || ${clients.lastName} || ' ' || ${clients.otherNames} || ' ' || ${clients.phone})`;

/**
 * Ids of clients whose name, phone or any identifier contains the (escaped,
 * %-wrapped) term. A merged duplicate is left out: its orders and identifiers
 * moved to the client it was merged into (clients/merge.ts), so only its name
 * could still match.
 */
export const clientIdsMatching = (term: string): SQL =>
  sql`(select ${clients.id} from ${clients} where ${ilike(clientSearchText, term)} and ${isNull(clients.mergedInto)}
       union select ${clientIdentifiers.clientId} from ${clientIdentifiers} where ${ilike(clientIdentifiers.identifier, term)})`;

/**
 * `column = any(array(subquery))`: the matches are found first (through the
 * trigram indexes) and the rows then fetched by key. Unlike `in (subquery)`,
 * the planner cannot turn it into a join that reads a facility's whole
 * history when it overestimates how many rows match.
 */
export const amongMatches = (column: Column, subquery: SQL): SQL => sql`${column} = any(array(${subquery}))`;
