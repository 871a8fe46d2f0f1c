import type { TokenPair } from '@nlims/contracts';
import { clearSession, getSession, reloadSession, setTokens } from './session';
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
  /** Idempotency-Key of a POST; a fresh one is made per call when not given. */
  idempotencyKey?: string;
}

/** A random key (RFC 4122 v4 form); crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
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
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
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

/** Run `work` while holding the browser-wide refresh lock, so two tabs never spend one refresh token. */
function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('nlims-refresh', work) as Promise<T>) : work();
}

/**
 * Trade the refresh token for a new pair once, however many calls got a 401
 * together — in this tab and in the others. The server ends the whole session
 * when a refresh token is presented twice, so a tab that waited for the lock
 * first looks whether another tab already rotated the tokens.
 */
function refreshTokens(staleToken: string | null): Promise<boolean> {
  refreshing ??= withRefreshLock(async () => {
    const current = reloadSession();
    if (current.token && current.token !== staleToken) return true;
    const refresh = current.refresh;
    if (!refresh) return false;
    try {
      const response = await send('/api/token/refresh/', { method: 'POST', body: { refresh } }, null);
      if (!response.ok) return false;
      setTokens((await parse(response)) as TokenPair);
      return true;
    } catch {
      return false;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** How many times a busy server's 503 is waited out, and the longest wait each time. */
const BUSY_RETRIES = 2;
const BUSY_WAIT_MAX_MS = 5000;

/**
 * Send, and when the server answers 503 (busy: its admission queue is full) wait the Retry-After it names and ask
 * again, twice at most — only for a read or a create carrying its Idempotency-Key, which the server never makes twice.
 */
async function sendPatiently(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const safe = method === 'GET' || (method === 'POST' && options.idempotencyKey != null);
  let response = await send(path, options, token);
  for (let attempt = 0; safe && response.status === 503 && attempt < BUSY_RETRIES; attempt++) {
    const seconds = Number(response.headers.get('retry-after'));
    const wait = Math.min(BUSY_WAIT_MAX_MS, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000);
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (options.signal?.aborted) break;
    response = await send(path, options, token);
  }
  return response;
}

/**
 * The one way the app talks to the API: JSON in and out, Bearer token,
 * 60 s timeout, one refresh-and-retry on 401, a busy server's 503 waited out
 * (reads and keyed creates). When the refresh fails the session is cleared,
 * which sends the route guard to /signin.
 */
export async function api<T>(path: string, given: RequestOptions = {}): Promise<T> {
  // A create retried (after a refresh, or a lost reply) with the same key is not made twice by the server.
  const post = (given.method ?? (given.body === undefined ? 'GET' : 'POST')) === 'POST';
  const options = post && !given.idempotencyKey ? { ...given, idempotencyKey: newIdempotencyKey() } : given;
  const auth = options.auth ?? true;
  try {
    const token = auth ? getSession().token : null;
    let response = await sendPatiently(path, options, token);
    if (response.status === 401 && auth && getSession().refresh) {
      if (await refreshTokens(token)) {
        response = await sendPatiently(path, options, getSession().token);
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
