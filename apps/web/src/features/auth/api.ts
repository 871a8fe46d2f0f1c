import type { AuthUser, LoginRequest, TokenPair } from '@nlims/contracts';
import { api } from '../../api/client';

export function login(body: LoginRequest): Promise<TokenPair> {
  return api<TokenPair>('/api/login/', { method: 'POST', body, auth: false, notify: false });
}

export function fetchMe(options: { notify?: boolean } = {}): Promise<AuthUser> {
  return api<AuthUser>('/api/users/me/', { notify: options.notify ?? false });
}

/** Public on the server: sending no access token avoids a refresh that would rotate the token being revoked. */
export function logout(refresh: string): Promise<unknown> {
  return api('/api/users/logout/', { method: 'POST', body: { refresh }, auth: false, notify: false });
}
