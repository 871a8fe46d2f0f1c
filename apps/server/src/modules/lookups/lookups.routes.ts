import { z } from 'zod';
import { principalOf, requireSuperuser } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { adminDashboard } from './admin-dashboard.js';
import { catalogueTests, collectionLookup, dashboardFilter, facilityLookup, generalOrderLookup, tbFormLookup, userLocationLookup } from './lookups.service.js';

const programQuery = z.object({ program__name: z.string().trim().min(1).max(100).optional() });
const tags = ['lookups'];

/** The look-ups of SPEC §7: small read-only bundles a page loads once. */
export function lookupsRoutes(app: App, db: Db): void {
  app.get('/api/tb_form_lookup/', { schema: { tags } }, () => tbFormLookup(db));
  app.get('/api/collection_look_up/', { schema: { tags } }, () => collectionLookup(db));
  app.get('/api/general_order_look_up/', { schema: { tags } }, (request) => generalOrderLookup(db, principalOf(request)));
  app.get('/api/test_configuration_look_up/', { schema: { tags, querystring: programQuery } }, (request) => catalogueTests(db, request.query.program__name));
  app.get('/api/facility_look_up/', { schema: { tags } }, (request) => facilityLookup(db, principalOf(request)));
  app.get('/api/dashboard_filter/', { schema: { tags } }, (request) => dashboardFilter(db, principalOf(request)));
  app.get('/api/user_location_look_up/', { schema: { tags, querystring: z.object({ scope: z.enum(['state', 'lga', 'facility']).optional() }) } }, (request) =>
    userLocationLookup(db, principalOf(request), request.query.scope),
  );
  app.get(
    '/api/public_health_test_samples_look_up/',
    { schema: { tags, querystring: z.object({ program__name: z.string({ error: 'This field is required.' }).trim().min(1).max(100) }) } },
    async (request) => {
      const tests = await catalogueTests(db, request.query.program__name);
      const ids = new Set(tests.flatMap((t) => t.sample_types));
      const { sample_types } = await collectionLookup(db);
      return { tests, sample_types: sample_types.filter((s) => ids.has(s.id)) };
    },
  );
  app.get('/api/admin_dashboard/', { schema: { tags: ['dashboards'], summary: "The super admin's overview" } }, (request) => {
    requireSuperuser(request);
    return adminDashboard(db);
  });
}
