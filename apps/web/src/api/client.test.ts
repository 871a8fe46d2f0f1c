import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../test-support/memoryStorage';

vi.stubGlobal('localStorage', new MemoryStorage());
vi.stubGlobal('sessionStorage', new MemoryStorage());

const { api, REQUEST_TIMEOUT_MS } = await import('./client');
const { ApiError, NetworkError } = await import('./errors');
const { setNotifier } = await import('./notifier');
const session = await import('./session');

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
const shown: string[][] = [];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setNotifier({ apiError: (lines) => shown.push(lines), appError: (kind) => shown.push([kind]) });
});

afterEach(() => {
  fetchMock.mockReset();
  shown.length = 0;
  session.clearSession();
  vi.useRealTimers();
});

const authHeader = (call: number) => (fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string> | undefined)?.Authorization;

describe('api client', () => {
  it('sends the stored token as a Bearer header', async () => {
    session.startSession({ token: 't1', refresh: 'r1' }, false);
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(api('/api/x/')).resolves.toEqual({ ok: true });
    expect(authHeader(0)).toBe('Bearer t1');
  });

  it('refreshes once on 401, keeps the rotated pair where the session lives, and retries', async () => {
    session.startSession({ token: 'old', refresh: 'r1' }, true);
    fetchMock
      .mockResolvedValueOnce(json(401, { detail: 'expired' }))
      .mockResolvedValueOnce(json(200, { token: 'new', refresh: 'r2' }))
      .mockResolvedValueOnce(json(200, { ok: 1 }));
    await expect(api('/api/x/')).resolves.toEqual({ ok: 1 });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/token/refresh/');
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({ refresh: 'r1' });
    expect(authHeader(2)).toBe('Bearer new');
    expect(localStorage.getItem('refresh')).toBe('r2');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('uses the pair another tab rotated meanwhile instead of spending the old refresh token again', async () => {
    session.startSession({ token: 'old', refresh: 'r1' }, true);
    fetchMock
      .mockImplementationOnce(async () => {
        // the other tab refreshed while this request was under way
        localStorage.setItem('token', 'fresh');
        localStorage.setItem('refresh', 'r2');
        return json(401, { detail: 'expired' });
      })
      .mockResolvedValueOnce(json(200, { ok: 2 }));
    await expect(api('/api/x/')).resolves.toEqual({ ok: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls.map((c) => c[0])).not.toContain('/api/token/refresh/');
    expect(authHeader(1)).toBe('Bearer fresh');
  });

  it('refreshes under the browser-wide lock, and after waiting for another tab uses the pair it rotated', async () => {
    const original = globalThis.navigator;
    let tail: Promise<unknown> = Promise.resolve();
    const names: string[] = [];
    // A lock manager shared by the tabs: each holder runs after the one before has finished.
    const locks = {
      request: (name: string, work: () => Promise<unknown>) => {
        names.push(name);
        const run = tail.then(work);
        tail = run.catch(() => undefined);
        return run;
      },
    };
    vi.stubGlobal('navigator', { locks });
    try {
      session.startSession({ token: 'old', refresh: 'r1' }, true);
      // Another tab holds the lock and is rotating the shared remembered pair.
      let release!: () => void;
      const otherTab = locks.request('nlims-refresh', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        localStorage.setItem('token', 'fresh');
        localStorage.setItem('refresh', 'r2');
      });
      fetchMock.mockResolvedValueOnce(json(401, { detail: 'expired' })).mockResolvedValueOnce(json(200, { ok: 3 }));
      const call = api('/api/x/');
      await vi.waitFor(() => expect(names).toHaveLength(2));
      // This tab waits for the lock: no refresh is sent with the token the other tab is spending.
      expect(fetchMock).toHaveBeenCalledTimes(1);
      release();
      await otherTab;
      await expect(call).resolves.toEqual({ ok: 3 });
      expect(names).toEqual(['nlims-refresh', 'nlims-refresh']);
      expect(fetchMock.mock.calls.map((c) => c[0])).not.toContain('/api/token/refresh/');
      expect(authHeader(1)).toBe('Bearer fresh');
      expect(session.getSession().refresh).toBe('r2');
    } finally {
      vi.stubGlobal('navigator', original);
    }
  });

  it('ends the session when the refresh is refused', async () => {
    session.startSession({ token: 'old', refresh: 'bad' }, false);
    session.setProgram('General');
    fetchMock.mockResolvedValueOnce(json(401, { detail: 'expired' })).mockResolvedValueOnce(json(401, { detail: 'invalid' }));
    await expect(api('/api/x/', { notify: false })).rejects.toBeInstanceOf(ApiError);
    expect(session.getSession()).toEqual({ token: null, refresh: null, program: null, user: null });
  });

  it('turns a 400 body into the error notice: UPPERCASE field, messages joined by commas', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { username: ['Required.', 'Too short.'], password: ['Required.'] }));
    const error = await api('/api/x/', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).fieldErrors).toEqual({ username: ['Required.', 'Too short.'], password: ['Required.'] });
    expect(shown).toEqual([['USERNAME: Required., Too short.', 'PASSWORD: Required.']]);
  });

  it('shows the detail of other failures, and nothing when asked not to', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { detail: 'Not allowed.' })).mockResolvedValueOnce(json(404, { detail: 'Nope.' }));
    await api('/api/x/').catch(() => undefined);
    await api('/api/y/', { notify: false }).catch(() => undefined);
    expect(shown).toEqual([['Not allowed.']]);
  });

  it('waits out a busy server’s 503 for a read, twice at most, after the Retry-After it names', async () => {
    vi.useFakeTimers();
    const busy = () => new Response(JSON.stringify({ detail: 'busy' }), { status: 503, headers: { 'Retry-After': '3' } });
    fetchMock.mockResolvedValueOnce(busy()).mockResolvedValueOnce(json(200, { ok: 1 }));
    const read = api('/api/x/');
    await vi.advanceTimersByTimeAsync(2900);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    await expect(read).resolves.toEqual({ ok: 1 });
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(busy()).mockResolvedValueOnce(busy()).mockResolvedValueOnce(busy());
    const gives = api('/api/y/').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await gives).toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('sends a change that carries no Idempotency-Key only once, even to a busy server', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 503, headers: { 'Retry-After': '1' } }));
    await api('/api/x/1/', { method: 'PATCH', body: { a: 1 } }).catch(() => undefined);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after 60 seconds', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = api('/api/slow/').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    const error = await pending;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as InstanceType<typeof NetworkError>).timedOut).toBe(true);
    expect(shown).toEqual([['timeout']]);
  });
});
