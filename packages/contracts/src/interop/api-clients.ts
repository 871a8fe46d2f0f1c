/**
 * What another system (an EMR, a reporting tool) may do through its API client: read results (the FHIR read and
 * search of its laboratory's data in its programmes) and post orders (transaction Bundles with a Task).
 */
export const API_SCOPES = ['results.read', 'orders.write'] as const;
export type ApiScope = (typeof API_SCOPES)[number];
