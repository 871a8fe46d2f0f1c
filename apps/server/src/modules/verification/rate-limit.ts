/**
 * The public verification's throttle: at most `max` look-ups per client
 * address in a sliding `windowMs`, counted in this process's memory (a cluster
 * of N workers lets an address through up to N × max). Enough to make
 * guessing 80-bit codes hopeless and scraping slow; a refused look-up is a 429
 * with the seconds until the oldest counted one leaves the window.
 */
export class VerifyRateLimit {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly max = 30,
    readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Count a look-up from `address`: 0 when let through, otherwise the seconds to wait. */
  take(address: string): number {
    const now = this.now();
    const since = now - this.windowMs;
    const kept = (this.hits.get(address) ?? []).filter((t) => t > since);
    if (kept.length >= this.max) {
      this.hits.set(address, kept);
      return Math.max(1, Math.ceil((kept[0]! + this.windowMs - now) / 1000));
    }
    kept.push(now);
    this.hits.set(address, kept);
    // Forget idle addresses now and then, so the map stays small.
    if (this.hits.size > 10_000) for (const [a, times] of this.hits) if (!times.some((t) => t > since)) this.hits.delete(a);
    return 0;
  }
}
