import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { effectiveMeasure } from '@nlims/contracts';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import type { App } from '../../core/types.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { facilityTestMeasures } from './facility-settings.table.js';

type Effective = z.infer<typeof effectiveMeasure>;

/**
 * The reference ranges that apply at the caller's facility: the facility's own
 * measures for a test where it has set any, otherwise the catalogue default.
 */
export async function effectiveMeasures(db: Db, facilityId: number | null, ids: number[]): Promise<Effective[]> {
  const catalogue = await db.select().from(testTypes).where(inArray(testTypes.id, ids));
  const missing = ids.find((id) => !catalogue.some((c) => c.id === id));
  if (missing !== undefined) throw ValidationError.field('test_types', `Invalid pk "${missing}" - object does not exist.`);
  const own = facilityId
    ? await db
        .select()
        .from(facilityTestMeasures)
        .where(and(eq(facilityTestMeasures.facility, facilityId), inArray(facilityTestMeasures.test_type, ids)))
    : [];
  return catalogue.map((test) => {
    const mine = own.filter((m) => m.test_type === test.id);
    if (mine.length) return { test_type: test.id, source: 'facility' as const, ranges: mine.map(({ facility: _f, ...m }) => m) };
    return {
      test_type: test.id,
      source: 'catalogue' as const,
      ranges: [
        {
          id: null,
          test_type: test.id,
          sex: 'any',
          age_min_days: 0,
          age_max_days: null,
          low: test.ref_low,
          high: test.ref_high,
          critical_low: test.critical_low,
          critical_high: test.critical_high,
          unit: test.unit,
        },
      ],
    };
  });
}

const query = z.object({
  test_types: z
    .string({ error: 'This field is required.' })
    .regex(/^\d+(,\d+)*$/, 'Give test type ids separated by commas, e.g. 1,2,3.')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.length <= 200, 'At most 200 test types at once.'),
});

export function effectiveMeasureRoutes(app: App, db: Db): void {
  for (const url of ['/api/facility_test_measure/effective', '/api/facility_test_measure/effective/']) {
    app.get(
      url,
      {
        schema: {
          tags: ['facility settings'],
          summary: "Reference ranges in force at the caller's facility",
          querystring: query,
          response: { 200: z.array(effectiveMeasure) },
        },
      },
      (request) => effectiveMeasures(db, principalOf(request).facilityId, request.query.test_types),
    );
  }
}
