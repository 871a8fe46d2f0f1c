import type { TokenPair } from '@nlims/contracts';
import { clearSession, getSession, setTokens } from '../features/auth/session';
import { ApiError, NetworkError } from './errors';
import { notifyFailure } from './notifier';

export const REQUEST_TIMEOUT_MS = 60_000;

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Show the error notice on failure (default true). Callers that show their own message turn it off. */
  notify?: boolean;
  /** Send the token and refresh it on 401 (default true). */
  auth?: boolean;
}

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function parse(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(url(path, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error instanceof Error ? error.message : String(error), timedOut);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

let refreshing: Promise<boolean> | null = null;

/** Trade the refresh token for a new pair once, however many calls got a 401 together. */
function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refresh = getSession().refresh;
    if (!refresh) return false;
    try {
      const response = await send('/api/token/refresh/', { method: 'POST', body: { refresh } }, null);
      if (!response.ok) return false;
      setTokens((await parse(response)) as TokenPair);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * The one way the app talks to the API: JSON in and out, Bearer token,
 * 60 s timeout, one refresh-and-retry on 401. When the refresh fails the
 * session is cleared, which sends the route guard to /signin.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const auth = options.auth ?? true;
  try {
    let response = await send(path, options, auth ? getSession().token : null);
    if (response.status === 401 && auth && getSession().refresh) {
      if (await refreshTokens()) {
        response = await send(path, options, getSession().token);
      } else {
        clearSession();
      }
    }
    const body = await parse(response);
    if (!response.ok) throw new ApiError(response.status, body, `${response.status} ${response.statusText}`.trim());
    return body as T;
  } catch (error) {
    if ((options.notify ?? true) && !options.signal?.aborted) notifyFailure(error);
    throw error;
  }
}
