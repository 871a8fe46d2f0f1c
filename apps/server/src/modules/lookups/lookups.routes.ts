import { adminDashboardReply, catalogueTestItem, collectionLookupReply, dashboardFilterReply, facilityPickItem, userLocationItem } from '@nlims/contracts';
import { z } from 'zod';
import { principalOf, requireSuperuser } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { adminDashboard } from './admin-dashboard.js';
import { generalOrderLookupRoutes } from './general/order-lookup.js';
import { catalogueTests, collectionLookup, dashboardFilter, facilityLookup, userLocationLookup } from './lookups.service.js';
import { tbFormLookupRoutes } from './tb/form-lookup.js';

const programQuery = z.object({ program__name: z.string().trim().min(1).max(100).optional() });
const tags = ['lookups'];

/** The look-ups of SPEC §7: small read-only bundles a page loads once. */
export function lookupsRoutes(app: App, db: Db): void {
  tbFormLookupRoutes(app, db);
  generalOrderLookupRoutes(app, db);
  app.get(
    '/api/collection_look_up/',
    { schema: { tags, summary: 'Choices of sample collection and reception', response: { 200: collectionLookupReply } } },
    () => collectionLookup(db),
  );
  app.get(
    '/api/test_configuration_look_up/',
    { schema: { tags, summary: 'Active catalogue tests', querystring: programQuery, response: { 200: z.array(catalogueTestItem) } } },
    (request) => catalogueTests(db, request.query.program__name),
  );
  app.get('/api/facility_look_up/', { schema: { tags, summary: 'Facilities the caller may pick', response: { 200: z.array(facilityPickItem) } } }, (request) =>
    facilityLookup(db, principalOf(request)),
  );
  app.get(
    '/api/dashboard_filter/',
    { schema: { tags, summary: "Dashboard filters in the caller's jurisdiction", response: { 200: dashboardFilterReply } } },
    (request) => dashboardFilter(db, principalOf(request)),
  );
  app.get(
    '/api/user_location_look_up/',
    {
      schema: {
        tags,
        summary: "Places at one scope level in the caller's jurisdiction",
        querystring: z.object({ scope: z.enum(['state', 'lga', 'facility']).optional() }),
        response: { 200: z.array(userLocationItem) },
      },
    },
    (request) => userLocationLookup(db, principalOf(request), request.query.scope),
  );
  app.get(
    '/api/public_health_test_samples_look_up/',
    {
      schema: {
        tags,
        summary: "A public-health programme's tests and their sample types",
        querystring: z.object({ program__name: z.string({ error: 'This field is required.' }).trim().min(1).max(100) }),
        response: {
          200: z.object({ tests: z.array(catalogueTestItem), sample_types: z.array(z.object({ id: z.number(), name: z.string(), code: z.string() })) }),
        },
      },
    },
    async (request) => {
      const tests = await catalogueTests(db, request.query.program__name);
      const ids = new Set(tests.flatMap((t) => t.sample_types));
      const { sample_types } = await collectionLookup(db);
      return { tests, sample_types: sample_types.filter((s) => ids.has(s.id)) };
    },
  );
  app.get(
    '/api/admin_dashboard/',
    { schema: { tags: ['dashboards'], summary: "The super admin's overview", response: { 200: adminDashboardReply } } },
    (request) => {
      requireSuperuser(request);
      return adminDashboard(db);
    },
  );
}
