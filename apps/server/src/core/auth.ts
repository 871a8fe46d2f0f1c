import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors.js';
import type { Principal } from './principal.js';

/**
 * How a request's Bearer token becomes its caller (the auth module signs and
 * checks tokens, the users module loads principals; the app hands both here).
 */
export interface Authenticator {
  /** The token's user and session, or null when it is not a valid access token. */
  verify(token: string): Promise<{ userId: number; sessionId: string } | null>;
  /** The user with their roles, or null when the user is gone or the session ended. */
  load(userId: number, sessionId: string): Promise<Principal | null>;
  /**
   * Another system's credential (an API client's secret, told apart from a person's token by `isSystem`): its
   * principal (`apiClient` set, no roles), or null when unknown or revoked. It may throw (429 past its rate limit).
   */
  system?: { isSystem(token: string): boolean; authenticate(token: string): Promise<Principal | null> };
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Routes reachable without a token (login, refresh, health, docs). */
    public?: boolean;
    /**
     * Routes another system (an API client) may call; every other route refuses one with 403 (the FHIR door sets it
     * on its routes). People reach these routes too, with their own roles.
     */
    systems?: boolean;
    /**
     * Who may call the route, decided on the caller as soon as it is known, before the body is read or validated:
     * a caller the route is not for gets its 403, never a 400 about a body it may not send (`Gate`).
     */
    may?: Gate;
  }
}

/**
 * A route's coarse rule on the caller alone (`config.may`): it throws the 403 the route's service would throw for
 * this caller (`requireInAny`, the module's own guard), and returns otherwise. The service keeps its fine checks
 * (which programme, which facility, which record); the gate only makes sure that who may call is decided first.
 */
export type Gate = (p: Principal) => unknown;

/** A gate from a yes-or-no rule and the message of its 403. */
export const onlyIf =
  (rule: (p: Principal) => boolean, message?: string): Gate =>
  (p) => {
    if (!rule(p)) throw forbidden(message);
  };

/** Every signed-in caller: declared where a write is everyone's own (one's password, signing out). */
export const anyoneSignedIn: Gate = () => undefined;

/**
 * Authentication for every route in one hook, decided on the route the router
 * matched (never on the raw URL, which may be percent-encoded): a Bearer access
 * token and a user that still exists and is active. Deny by default: a route is
 * public only by its own declaration, `config.public` (or `publicRoutes`).
 */
export function registerAuth(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url) return; // no route matched: the 404 handler answers
    if (request.routeOptions.config?.public) return;
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(.+)$/i);
    if (!match) throw unauthorized();
    const system = authenticator.system;
    if (system?.isSystem(match[1]!)) {
      // An API client: only on the routes meant for systems, decided here for every route at once.
      const client = await system.authenticate(match[1]!);
      if (client == null) throw unauthorized('Given token not valid for any token type');
      if (!request.routeOptions.config?.systems) throw forbidden('An API client may call only the FHIR endpoints.');
      request.principal = client;
      request.routeOptions.config.may?.(client);
      return;
    }
    const claims = await authenticator.verify(match[1]!);
    if (claims == null) throw unauthorized('Given token not valid for any token type');
    // One query: the user, their roles, and whether the token's session is still open (signed out → 401 at once).
    const principal = await authenticator.load(claims.userId, claims.sessionId);
    if (!principal?.isActive) throw unauthorized('Given token not valid for any token type');
    request.principal = principal;
    // Who may call is decided here, before the body is parsed or validated (a 403, never a 400 about the body).
    request.routeOptions.config?.may?.(principal);
  });
}

/**
 * Declare every route a plugin registers inside `register` as public (the API
 * documentation, the static web app), so a plugin's routes need not each say so.
 */
export async function publicRoutes(app: FastifyInstance, register: (scope: FastifyInstance) => Promise<void>): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), public: true };
    });
    await register(scope);
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
