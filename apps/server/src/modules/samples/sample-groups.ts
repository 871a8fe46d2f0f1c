/** A test to order, with the sample types it may run on (none configured: any). */
export interface OrderableTest {
  id: number;
  sampleTypes: number[];
}

export interface SampleGroup {
  /** The sample type the group's tube is collected as (the lowest id the tests share), or null when none is configured. */
  sampleTypeId: number | null;
  tests: number[];
}

/**
 * Group an order's tests into samples (DESIGN §4): tests that can share a
 * sample type go into one sample; a test that shares none with the groups so
 * far starts a new one. A full blood count (EDTA whole blood) and a glucose
 * (serum or plasma) become two samples; a glucose and a creatinine one.
 * Deterministic: tests in the order given, a group's type is the lowest id its
 * tests all accept.
 */
export function groupBySampleType(tests: readonly OrderableTest[]): SampleGroup[] {
  const groups: { accepted: Set<number> | null; tests: number[] }[] = [];
  for (const test of tests) {
    const own = test.sampleTypes.length ? new Set(test.sampleTypes) : null;
    const fits = groups.find((g) => !g.accepted || !own || [...own].some((t) => g.accepted!.has(t)));
    if (!fits) {
      groups.push({ accepted: own, tests: [test.id] });
      continue;
    }
    fits.tests.push(test.id);
    if (own) fits.accepted = fits.accepted ? new Set([...fits.accepted].filter((t) => own.has(t))) : own;
  }
  return groups.map((g) => ({ sampleTypeId: g.accepted?.size ? Math.min(...g.accepted) : null, tests: g.tests }));
}
