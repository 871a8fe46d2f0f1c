import { detailReply, loginRequest, logoutRequest, refreshRequest, tokenPair } from '@nlims/contracts';
import { anyoneSignedIn, principalOf } from '../../core/auth.js';
import type { App } from '../../core/types.js';
import { unauthorized } from '../../core/errors.js';
import { type AuthDeps, logout, openSession, revokeReusedToken, rotateRefreshToken, verifyLogin } from './auth.service.js';
import { THROTTLED_REPLY } from '../../core/replies.js';

export function authRoutes(app: App, deps: AuthDeps): void {
  app.post(
    '/api/login/',
    { config: { public: true }, schema: { tags: ['auth'], summary: 'Sign in', body: loginRequest, response: { 200: tokenPair, ...THROTTLED_REPLY } } },
    async (request) => {
      const user = await verifyLogin(deps.db, request.body, request.ip);
      return deps.db.transaction((tx) => openSession(tx, deps.signer, user, { remember: request.body.remember, address: request.ip }));
    },
  );
  app.post(
    '/api/token/refresh/',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'Rotate a refresh token', body: refreshRequest, response: { 200: tokenPair, 401: detailReply } },
    },
    async (request) => {
      const pair = await deps.db.transaction((tx) => rotateRefreshToken(tx, deps.signer, request.body.refresh));
      if (pair) return pair;
      await deps.db.transaction((tx) => revokeReusedToken(tx, request.body.refresh));
      throw unauthorized('Token is invalid or expired');
    },
  );
  // Signing out acts on the caller's own session only (an expired access token is refreshed first).
  app.post(
    '/api/users/logout/',
    {
      config: { may: anyoneSignedIn },
      schema: { tags: ['auth'], summary: "End the caller's own session", body: logoutRequest, response: { 200: detailReply } },
    },
    async (request) => {
      const p = principalOf(request);
      await deps.db.transaction((tx) => logout(tx, p, request.body.refresh));
      return { detail: 'Operation Successful' };
    },
  );
}
