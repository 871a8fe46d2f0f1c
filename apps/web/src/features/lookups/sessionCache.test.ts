import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../test-support/memoryStorage';

vi.stubGlobal('localStorage', new MemoryStorage());
vi.stubGlobal('sessionStorage', new MemoryStorage());

const { SESSION_LOOKUPS } = await import('./hooks');
const { clearSessionCache, sessionQuery } = await import('./sessionCache');

const fetchMock = vi.fn<typeof fetch>();
const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  sessionStorage.clear();
});

describe('session-cached look-ups (SPEC §9)', () => {
  it('fetches once, then serves the stored copy to a new page without a request', async () => {
    fetchMock.mockResolvedValueOnce(reply([{ id: 1, reason: 'Haemolysed', code: 'H', is_active: true }]));
    const first = await newClient().fetchQuery(SESSION_LOOKUPS.rejectionReasons);
    expect(first).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/rejection_reason/');

    // A reload starts with an empty query cache but the same sessionStorage.
    const again = await newClient().fetchQuery(SESSION_LOOKUPS.rejectionReasons);
    expect(again).toEqual(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks for the general-order configuration by programme name', async () => {
    fetchMock.mockResolvedValueOnce(reply([]));
    await newClient().fetchQuery(SESSION_LOOKUPS.generalOrderConfiguration);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/test_configuration/?program__name=General');
  });

  it('is never stale within the session, and forgotten when cleared', async () => {
    const options = sessionQuery<{ n: number }>('thing', '/api/thing/');
    expect(options.staleTime).toBe(Infinity);
    fetchMock.mockResolvedValueOnce(reply({ n: 1 })).mockResolvedValueOnce(reply({ n: 2 }));
    await newClient().fetchQuery(options);
    clearSessionCache();
    expect(await newClient().fetchQuery(options)).toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
