import type { ServerModule } from '../../core/module.js';
import { lifecycle, ORDER } from '../samples/lifecycle.js';
import { registerVerificationContext, verificationRoutes } from './verification.routes.js';
import { verificationFor } from './verification.service.js';

/** Verifiable reports: each printed report's public code, and the public page that checks it. */
export const verificationModule: ServerModule = {
  name: 'verification',
  tables: ['verification.table.ts'],
  hooks: () => {
    lifecycle.reportSections.on('verification: code and digest', ORDER.record, ({ db, principal, facts }) => ({
      verify: () => verificationFor(db, principal, facts),
    }));
  },
  setup: (app, { jwtSecret, publicUrl }) => registerVerificationContext(app, { secret: jwtSecret, publicUrl }),
  routes: (app, { db }) => verificationRoutes(app, db),
};
