import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { paginated } from '@nlims/contracts';
import { projector, replySerializerCompiler } from './serializer.js';

const item = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.date().or(z.string()),
  note: z.string().nullable().optional(),
  tags: z.array(z.object({ id: z.number() })),
});

describe('the projecting serializer', () => {
  it('keeps only the declared fields, at every depth', () => {
    const project = projector(paginated(item));
    const at = new Date('2026-01-02T03:04:05Z');
    const out = project({
      count: 1,
      next: null,
      previous: null,
      results: [{ id: 1, name: 'a', created_at: at, password_hash: 'secret', tags: [{ id: 2, internal: true }] }],
      extra: 1,
    });
    expect(JSON.parse(JSON.stringify(out))).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [{ id: 1, name: 'a', created_at: at.toISOString(), tags: [{ id: 2 }] }],
    });
  });

  it('writes what the validating serializer writes for a valid reply', () => {
    const value = { id: 1, name: 'a', created_at: '2026-01-02', note: null, tags: [] };
    const fast = replySerializerCompiler(false)({ schema: item, method: 'GET', url: '/x', httpStatus: '200' } as never);
    const checked = replySerializerCompiler(true)({ schema: item, method: 'GET', url: '/x', httpStatus: '200' } as never);
    expect(fast(value)).toBe(checked(value));
  });

  it('encodes a union of objects with zod', () => {
    const either = z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]);
    expect(projector(either)({ b: 'x', c: 1 })).toEqual({ b: 'x' });
  });
});
