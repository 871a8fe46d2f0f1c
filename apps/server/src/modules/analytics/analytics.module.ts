import type { ServerModule } from '../../core/module.js';
import { eidRoutes } from './eid/eid.routes.js';
import { generalAnalyticsRoutes } from './general/general.routes.js';
import { phRoutes } from './ph/ph.routes.js';
import { referralRoutes } from './referral/referral.routes.js';
import { tbRoutes } from './tb/tb.routes.js';
import { tierRoutes } from './tier/tier.routes.js';
import { vlRoutes } from './vl/vl.routes.js';

/** Dashboards, reports and line lists: the facilities' and the officials' figures, read from the facts tables. */
export const analyticsModule: ServerModule = {
  name: 'analytics',
  tables: ['tier/tier.table.ts'],
  routes: (app, { db }) => {
    generalAnalyticsRoutes(app, db);
    tbRoutes(app, db);
    eidRoutes(app, db);
    vlRoutes(app, db);
    phRoutes(app, db);
    tierRoutes(app, db);
    referralRoutes(app, db);
  },
};
