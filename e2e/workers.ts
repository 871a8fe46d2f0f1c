/**
 * Browser test files run this many at a time, each worker on its own server and database (global-setup.ts, suite.ts
 * `serverURL`): the journeys wait on the pages far more than they compute, so side by side they finish sooner.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
