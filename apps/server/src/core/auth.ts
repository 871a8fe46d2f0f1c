import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from './db.js';
import { forbidden, unauthorized } from './errors.js';
import type { TokenSigner } from '../modules/auth/tokens.js';
import { loadPrincipal, type Principal } from '../modules/users/principal.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Routes reachable without a token (login, refresh, health, docs). */
    public?: boolean;
  }
}

/**
 * Authentication for every /api route in one hook: a Bearer access token,
 * and a user that still exists and is active. Routes opt out with `config.public`.
 */
export function registerAuth(app: FastifyInstance, db: Db, signer: TokenSigner): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs') || request.routeOptions.config?.public) return;
    if (!request.routeOptions.url) return; // unknown route: the 404 handler answers
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(.+)$/i);
    if (!match) throw unauthorized();
    const userId = await signer.verifyAccess(match[1]!);
    if (userId == null) throw unauthorized('Given token not valid for any token type');
    const principal = await loadPrincipal(db, userId);
    if (!principal || !principal.isActive) throw unauthorized('User is inactive or deleted.');
    request.principal = principal;
  });
}

/** The signed-in caller; only called on routes behind the auth hook. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

export function requireSuperuser(request: FastifyRequest): Principal {
  const p = principalOf(request);
  if (!p.isSuperuser) throw forbidden();
  return p;
}
