import type { ReviewResult, ReviewSample, ReviewTest } from '../types';

/** A line group of a sample under review: a test on its own, or a panel's name with its members under it. */
export type TestGroup = { panel: null; tests: [ReviewTest] } | { panel: { id: number; name: string }; tests: ReviewTest[] };

/** A test with a result: what a line's moves (reject, retest, amend) act on. */
export type ResultLine = ReviewTest & { result: ReviewResult };

/**
 * A sample's tests as the review lists show them: in the server's order
 * (test order, then an amendment after the version it amends), members of a
 * panel gathered under the panel's name where the first of them stands.
 */
export function testGroups(tests: readonly ReviewTest[]): TestGroup[] {
  const groups: TestGroup[] = [];
  const panels = new Map<number, ReviewTest[]>();
  for (const test of tests) {
    if (test.panel == null) {
      groups.push({ panel: null, tests: [test] });
      continue;
    }
    const members = panels.get(test.panel);
    if (members) members.push(test);
    else {
      const first = [test];
      panels.set(test.panel, first);
      groups.push({ panel: { id: test.panel, name: test.panel_name ?? '' }, tests: first });
    }
  }
  return groups;
}

/** The sample's results in one status: what validating or approving the sample moves, in one request. */
export function resultsIn(sample: Pick<ReviewSample, 'tests'>, status: number): ReviewResult[] {
  return sample.tests.flatMap((test) => (test.result && test.result.status === status ? [test.result] : []));
}

/** Separation of duties: the results among these that this user entered, which another person must verify. */
export const enteredBy = (results: readonly ReviewResult[], username: string | undefined) =>
  username == null ? [] : results.filter((r) => r.entered_by === username);

/** A panel member's name under its panel's heading: "Xpert MTB/RIF - RIF resistance" reads "RIF resistance" there. */
export function memberName(name: string, panelName: string | null | undefined): string {
  if (!panelName) return name;
  const rest = name.startsWith(panelName) ? name.slice(panelName.length).match(/^\s*[-–—:·]\s*(\S.*)$/) : null;
  return rest?.[1] ?? name;
}

/** A stable key for a line: one test may come twice (its released result and an amendment under review). */
export const lineKey = (test: ReviewTest) => `${test.test_order}:${test.result?.id ?? 'none'}`;

/** Has this released test an amendment under review already (so no second one is proposed)? */
export const amendmentPending = (tests: readonly ReviewTest[], test: ReviewTest) =>
  tests.some((other) => other.test_order === test.test_order && other.result?.amends != null && other.result.amends === test.result?.id);
