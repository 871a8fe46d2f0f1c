/**
 * The clients service, the one entry other modules use: the hooks clients publish (clients.hooks.ts), the search by
 * name, phone or identifier (clients.search.ts), which identifiers a caller is shown (clients.identifier-access.ts)
 * and the merge of two records of one client (clients.merge.ts).
 */
export { clientsMerged, programsOfClients } from './clients.hooks.js';
export { hiddenIdentifiersFor, identifierVisibleTo } from './clients.identifier-access.js';
export { mergeClients, requireMayMerge } from './clients.merge.js';
export { amongMatches, clientIdsMatching, clientSearchText } from './clients.search.js';
