import { authUser, changePasswordRequest, detailReply } from '@nlims/contracts';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { changePassword, getMe } from './users.service.js';

export function usersRoutes(app: App, db: Db): void {
  app.get('/api/users/me/', { schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: authUser } } }, (request) =>
    getMe(db, principalOf(request)),
  );
  app.post(
    '/api/users/change_password/',
    { schema: { tags: ['users'], summary: 'Change or reset a password', body: changePasswordRequest, response: { 200: detailReply } } },
    async (request) => {
      await changePassword(db, principalOf(request), request.body);
      return { detail: 'Operation Successful' };
    },
  );
}
