import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

const PREFIX = 'cache:';

function read<T>(key: string): T | undefined {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the in-memory cache still serves this page.
  }
}

/** Forget every session-cached look-up (after a reference list changes). */
export function clearSessionCache(): void {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i));
    for (const key of keys) if (key?.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}

/**
 * A look-up fetched once per browser session (SPEC §9): kept in
 * sessionStorage, so a reload or a second page reads it without a request,
 * and never considered stale while the session lasts.
 */
export function sessionQuery<T>(key: string, path: string, query?: Record<string, string>) {
  return queryOptions({
    queryKey: ['session', key],
    queryFn: async ({ signal }) => {
      const data = await api<T>(path, { query, signal });
      write(key, data);
      return data;
    },
    initialData: () => read<T>(key),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
