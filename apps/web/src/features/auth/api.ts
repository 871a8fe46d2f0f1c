import type { AuthUser, LoginRequest, TokenPair } from '@nlims/contracts';
import { api } from '../../api/client';

export function login(body: LoginRequest): Promise<TokenPair> {
  return api<TokenPair>('/api/login/', { method: 'POST', body, auth: false, notify: false });
}

export function fetchMe(options: { notify?: boolean } = {}): Promise<AuthUser> {
  return api<AuthUser>('/api/users/me/', { notify: options.notify ?? false });
}

/** Ends this sign-in's own session (the access token's; an expired one is refreshed first). */
export function logout(): Promise<unknown> {
  return api('/api/users/logout/', { method: 'POST', body: {}, notify: false });
}
