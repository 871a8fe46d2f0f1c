/** The segments of a laboratory number ("LA-LMD-001-26-000032" → LA, LMD, 001, 26, 000032). */
const segments = (id: string) => id.split('-');

/** How many leading segments every number shares (a lone number: all of its own). */
function sharedSegments(ids: readonly string[]): number {
  if (!ids.length) return 0;
  const parts = ids.map(segments);
  const shortest = Math.min(...parts.map((p) => p.length));
  let n = 0;
  while (n < shortest && parts.every((p) => p[n] === parts[0]![n])) n++;
  return n;
}

/**
 * What a plate's well shows of each laboratory number: the part that tells the plate's samples apart, cut only
 * between segments — what they all begin with left out, but never fewer than the last two segments (year and
 * sequence: "26-000032"). Numbers of one or two segments are shown whole.
 */
export function distinguishingTails(ids: readonly string[]): Map<string, string> {
  const distinct = [...new Set(ids.filter(Boolean))];
  const shared = sharedSegments(distinct);
  return new Map(
    distinct.map((id) => {
      const parts = segments(id);
      const from = Math.max(0, Math.min(shared, parts.length - 2));
      return [id, parts.slice(from).join('-')];
    }),
  );
}
