import type { AuthUser, TokenPair } from '@nlims/contracts';

/**
 * The signed-in session: token, refresh, program and user (SPEC §9 keys).
 * Remember-me keeps them in localStorage so they survive a browser restart;
 * otherwise they live in sessionStorage and end with the browser session.
 */
export const SESSION_KEYS = ['token', 'refresh', 'program', 'user'] as const;

export interface Session {
  token: string | null;
  refresh: string | null;
  program: string | null;
  user: AuthUser | null;
}

const listeners = new Set<() => void>();
let snapshot: Session = read();

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/** The storage that holds the current session (localStorage when remembered). */
function home(): Storage {
  return safe(() => (localStorage.getItem('refresh') || localStorage.getItem('token') ? localStorage : sessionStorage), sessionStorage);
}

function parseUser(raw: string | null): AuthUser | null {
  if (!raw) return null;
  return safe(() => JSON.parse(raw) as AuthUser, null);
}

function read(): Session {
  const store = safe(home, null);
  if (!store) return { token: null, refresh: null, program: null, user: null };
  return {
    token: store.getItem('token'),
    refresh: store.getItem('refresh'),
    program: store.getItem('program'),
    user: parseUser(store.getItem('user')),
  };
}

function changed(): void {
  snapshot = read();
  for (const listener of listeners) listener();
}

/** Read the session from storage again: another tab may have rotated the tokens a moment ago. */
export function reloadSession(): Session {
  changed();
  return snapshot;
}

export function getSession(): Session {
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function clearSession(): void {
  safe(() => {
    for (const key of SESSION_KEYS) {
      localStorage.removeItem(key);
      sessionStorage.removeItem(key);
    }
  }, undefined);
  changed();
}

/** Start a session after login; `remember` picks the storage. */
export function startSession(pair: TokenPair, remember: boolean): void {
  clearSession();
  const store = remember ? localStorage : sessionStorage;
  safe(() => {
    store.setItem('token', pair.token);
    store.setItem('refresh', pair.refresh);
  }, undefined);
  changed();
}

/** Store a rotated token pair where the session already lives. */
export function setTokens(pair: TokenPair): void {
  const store = home();
  safe(() => {
    store.setItem('token', pair.token);
    store.setItem('refresh', pair.refresh);
  }, undefined);
  changed();
}

export function setUser(user: AuthUser): void {
  safe(() => home().setItem('user', JSON.stringify(user)), undefined);
  changed();
}

export function setProgram(program: string | null): void {
  safe(() => (program ? home().setItem('program', program) : home().removeItem('program')), undefined);
  changed();
}

// Another tab signing out (or in) with remember-me changes localStorage.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (SESSION_KEYS as readonly string[]).includes(event.key)) changed();
  });
}
