import { authUser, changePasswordRequest, detailReply, idParams } from '@nlims/contracts';
import { anyoneSignedIn, onlyIf, principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { z } from 'zod';
import { forbidden } from '../../core/errors.js';
import { registerResource } from '../../core/resource.js';
import { isFacilityAdminPrincipal } from './users.principal.js';
import { userResource } from './users.resource.js';
import { changePassword, getMe, preparePasswordChange, toggleUserActive } from './users.service.js';
import { THROTTLED_REPLY } from '../../core/replies.js';

export function usersRoutes(app: App, db: Db): void {
  app.get('/api/users/me/', { schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: authUser } } }, (request) =>
    getMe(db, principalOf(request)),
  );
  app.post(
    '/api/users/change_password/',
    {
      config: { may: anyoneSignedIn },
      schema: { tags: ['users'], summary: 'Change or reset a password', body: changePasswordRequest, response: { 200: detailReply, ...THROTTLED_REPLY } },
    },
    async (request) => {
      const p = principalOf(request);
      const change = await preparePasswordChange(db, p, request.body, request.ip);
      await db.transaction((tx) => changePassword(tx, p, change));
      return { detail: 'Operation Successful' };
    },
  );
  app.post(
    '/api/users/:id/disable_enable/',
    {
      config: { may: onlyIf((p) => p.isSuperuser || isFacilityAdminPrincipal(p)) },
      schema: {
        tags: ['users'],
        summary: 'Disable or re-enable a user',
        params: idParams,
        response: { 200: z.object({ id: z.number(), is_active: z.boolean(), detail: z.string() }) },
      },
    },
    async (request) => {
      const p = principalOf(request);
      if (!p.isSuperuser && !isFacilityAdminPrincipal(p)) throw forbidden();
      const isActive = await db.transaction((tx) => toggleUserActive(tx, p, request.params.id));
      return { id: request.params.id, is_active: isActive, detail: 'Operation successfully' };
    },
  );
  registerResource(app, db, userResource);
}
