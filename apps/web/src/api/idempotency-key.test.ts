import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../test-support/memoryStorage';

vi.stubGlobal('localStorage', new MemoryStorage());
vi.stubGlobal('sessionStorage', new MemoryStorage());

const { api, newIdempotencyKey } = await import('./client');
const { setNotifier } = await import('./notifier');
const session = await import('./session');

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
const keyOf = (call: number) => (fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setNotifier({ apiError: () => {}, appError: () => {} });
});
afterEach(() => {
  fetchMock.mockReset();
  session.clearSession();
});

describe('Idempotency-Key', () => {
  it('is fresh for each POST and absent on reads', async () => {
    fetchMock.mockImplementation(async () => json(201, { id: 1 }));
    await api('/api/general_order/', { body: { client: 1 } });
    await api('/api/general_order/', { body: { client: 1 } });
    await api('/api/general_order/');
    expect(keyOf(0)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyOf(1)).toBeDefined();
    expect(keyOf(1)).not.toBe(keyOf(0));
    expect(keyOf(2)).toBeUndefined();
  });

  it('is reused when the client retries the same create after refreshing the token', async () => {
    session.startSession({ token: 'old', refresh: 'r1' }, false);
    fetchMock
      .mockResolvedValueOnce(json(401, { detail: 'expired' }))
      .mockResolvedValueOnce(json(200, { token: 'new', refresh: 'r2' }))
      .mockResolvedValueOnce(json(201, { id: 1 }));
    await api('/api/clients/', { body: { first_name: 'A' } });
    expect(fetchMock.mock.calls[2]?.[0]).toBe('/api/clients/');
    expect(keyOf(2)).toBe(keyOf(0));
  });

  it('makes distinct keys', () => {
    expect(new Set(Array.from({ length: 100 }, newIdempotencyKey)).size).toBe(100);
  });
});
