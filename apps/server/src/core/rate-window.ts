/**
 * An in-process throttle: at most `limit` calls per key (a client address, an API client) in a sliding `windowMs`,
 * counted in this process's memory — a cluster of N workers lets a key through up to N × limit. The limits are read
 * at each call, so a test may lower them. A refused call learns the seconds until its oldest counted call leaves the
 * window (the 429's Retry-After).
 */
export class RateWindow<K = string> {
  private readonly hits = new Map<K, number[]>();

  constructor(
    readonly limits: { limit: number; windowMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Count a call for `key`: 0 when let through, otherwise the seconds to wait. */
  take(key: K): number {
    const { limit, windowMs } = this.limits;
    const now = this.now();
    const since = now - windowMs;
    const kept = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (kept.length >= limit) {
      this.hits.set(key, kept);
      return Math.max(1, Math.ceil((kept[0]! + windowMs - now) / 1000));
    }
    kept.push(now);
    this.hits.set(key, kept);
    // Forget idle keys now and then, so the map stays small.
    if (this.hits.size > 10_000) for (const [k, times] of this.hits) if (!times.some((t) => t > since)) this.hits.delete(k);
    return 0;
  }

  /** Forget every counted call (tests). */
  clear(): void {
    this.hits.clear();
  }
}
