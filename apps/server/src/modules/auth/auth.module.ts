import type { ServerModule } from '../../core/module.js';
import { authRoutes } from './auth.routes.js';
import { registerUserSessionsEnd } from './auth.service.js';
import { createTokenSigner } from './tokens.js';

/** The auth module (see modules/registry.ts). */
export const authModule: ServerModule = {
  name: 'auth',
  tables: ['auth.table.ts'],
  hooks: registerUserSessionsEnd,
  routes: (app, { db, jwtSecret }) => authRoutes(app, { db, signer: createTokenSigner(jwtSecret) }),
};
