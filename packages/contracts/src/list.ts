import { z } from 'zod';

/** Page sizes a list accepts (SPEC §9); anything else is refused with 400. */
export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

/**
 * List query of DESIGN §2: `page` (one-based), `page_size`, `search`,
 * `ordering` (`-field` descending) and filters sent as `Filters.<name>`.
 */
export const listQuery = z
  .object({
    page: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1, 'Invalid page.').optional(),
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
