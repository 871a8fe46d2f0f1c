import { detailReply, loginRequest, logoutRequest, refreshRequest, tokenPair } from '@nlims/contracts';
import { principalOf } from '../../core/auth.js';
import type { App } from '../../core/types.js';
import { login, logout, refresh, type AuthDeps } from './auth.service.js';
import { THROTTLED_REPLY } from '../../core/replies.js';

export function authRoutes(app: App, deps: AuthDeps): void {
  app.post(
    '/api/login/',
    { config: { public: true }, schema: { tags: ['auth'], summary: 'Sign in', body: loginRequest, response: { 200: tokenPair, ...THROTTLED_REPLY } } },
    (request) => login(deps, request.body, request.ip),
  );
  app.post(
    '/api/token/refresh/',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'Rotate a refresh token', body: refreshRequest, response: { 200: tokenPair, 401: detailReply } },
    },
    (request) => refresh(deps, request.body.refresh),
  );
  // Signing out acts on the caller's own session only (an expired access token is refreshed first).
  app.post(
    '/api/users/logout/',
    { schema: { tags: ['auth'], summary: "End the caller's own session", body: logoutRequest, response: { 200: detailReply } } },
    async (request) => {
      await logout(deps, principalOf(request), request.body.refresh);
      return { detail: 'Operation Successful' };
    },
  );
}
