import { ilike, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import { clientIdentifierTypes } from '../reference/reference.table.js';
import { clientIdentifiers, clients } from './clients.table.js';

/** The text a client is found by; the same expression as the trigram index (migration 0007). */
export const clientSearchText = sql`(${clients.firstName} || ' ' || ${clients.lastName} || ' ' || ${clients.otherNames} || ' ' || ${clients.phone})`;

/**
 * Ids of clients whose name, phone or any identifier the caller may see
 * contains the (escaped, %-wrapped) term: an identifier of a `hidden` type (a
 * programme's, where the caller holds no role: clients/clients.identifier-access.ts)
 * finds nobody, as a match would tell whose it is. A merged duplicate is left
 * out: its orders and identifiers moved to the client it was merged into
 * (clients/clients.merge.ts), so only its name could still match.
 */
export const clientIdsMatching = (term: string, hidden: readonly string[]): SQL =>
  sql`(select ${clients.id} from ${clients} where ${ilike(clientSearchText, term)} and ${isNull(clients.mergedInto)}
       union select ${clientIdentifiers.clientId} from ${clientIdentifiers} where ${ilike(clientIdentifiers.identifier, term)}${
         hidden.length
           ? sql` and ${clientIdentifiers.identifierTypeId} not in (select ${clientIdentifierTypes.id} from ${clientIdentifierTypes} where ${clientIdentifierTypes.name} in (${sql.join(
               hidden.map((h) => sql`${h}`),
               sql`, `,
             )}))`
           : sql``
       })`;

/**
 * `column = any(array(subquery))`: the matches are found first (through the
 * trigram indexes) and the rows then fetched by key. Unlike `in (subquery)`,
 * the planner cannot turn it into a join that reads a facility's whole
 * history when it overestimates how many rows match.
 */
export const amongMatches = (column: Column, subquery: SQL): SQL => sql`${column} = any(array(${subquery}))`;
