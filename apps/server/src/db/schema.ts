// The one schema index drizzle-kit reads; each domain keeps its own tables.
export * from '../modules/geo/geo.table.js';
export * from '../modules/programs/programs.table.js';
export * from '../modules/facilities/facilities.table.js';
export * from '../modules/users/users.table.js';
export * from '../modules/auth/auth.table.js';
export * from '../modules/audit/audit.table.js';
export * from '../modules/reference/reference.table.js';
export * from '../modules/catalogue/catalogue.table.js';
export * from '../modules/facility-settings/facility-settings.table.js';
export * from '../modules/clients/clients.table.js';
export * from '../modules/samples/samples.table.js';
export * from '../modules/results/results.table.js';
export * from '../core/idempotency.table.js';
export * from '../modules/analytics/tier/tier.table.js';
export * from '../modules/qc/qc.table.js';
export * from '../modules/worksheets/worksheets.table.js';
export * from '../modules/dispatch/dispatch.table.js';
