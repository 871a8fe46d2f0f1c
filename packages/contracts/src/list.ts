import { z } from 'zod';
import { MAX_ID } from './input.js';

/** Page sizes a list accepts (SPEC §9); anything else is refused with 400. */
export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

/**
 * List query of DESIGN §2: `page` (one-based), `page_size`, `search`,
 * `ordering` (`-field` descending) and filters sent as `Filters.<name>`.
 */
export const listQuery = z
  .object({
    page: z.coerce
      .number({ error: 'A valid integer is required.' })
      .int('A valid integer is required.')
      .min(1, 'Invalid page.')
      .max(MAX_ID, 'Invalid page.')
      .optional(),
    page_size: z.coerce
      .number({ error: 'A valid integer is required.' })
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `page_size must be one of ${PAGE_SIZES.join(', ')}.`)
      .optional(),
    search: z.string().trim().max(200).optional(),
    ordering: z.string().trim().max(100).optional(),
  })
  .catchall(z.string());
export type ListQuery = z.infer<typeof listQuery>;

export const FILTER_PREFIX = 'Filters.';

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });
}
export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * The body of a partial update: every field optional and no defaults, so a
 * field the client did not send is left as it is (`.partial()` alone would
 * fill in the defaults and overwrite stored values).
 */
export function patchBody<T extends z.ZodRawShape>(body: z.ZodObject<T>): z.ZodObject {
  const shape = Object.fromEntries(
    Object.entries(body.shape).map(([key, field]) => {
      const inner = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
      return [key, inner.optional()];
    }),
  );
  return z.object(shape);
}
