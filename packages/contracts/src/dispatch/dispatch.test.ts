import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_MS, stepTime } from './dispatch.js';

const now = new Date('2026-11-28T10:32:40.000Z');
const delivered = new Date('2026-11-28T10:32:17.250Z');

describe("a shipment step's time", () => {
  it('is now when none is given, or the previous step should the clock be behind it', () => {
    expect(stepTime(undefined, delivered, now)).toEqual({ at: now });
    expect(stepTime(undefined, null, now)).toEqual({ at: now });
    const ahead = new Date(now.getTime() + 2_000);
    expect(stepTime(undefined, ahead, now)).toEqual({ at: ahead });
  });

  it('is the time given when it falls between the previous step and now', () => {
    expect(stepTime('2026-11-28T11:32:30+01:00', delivered, now)).toEqual({ at: new Date('2026-11-28T10:32:30Z') });
    expect(stepTime('2026-11-28T10:32:17.250Z', delivered, now)).toEqual({ at: delivered });
  });

  it('given to the minute, in the minute of the previous step, is that step’s time (a leg of 0, never negative)', () => {
    expect(stepTime('2026-11-28T11:32:00+01:00', delivered, now)).toEqual({ at: delivered });
  });

  it('is refused before the previous step: a time with seconds, or to the minute in an earlier minute', () => {
    expect(stepTime('2026-11-28T10:32:10Z', delivered, now)).toEqual({ problem: 'before' });
    expect(stepTime('2026-11-28T11:31:00+01:00', delivered, now)).toEqual({ problem: 'before' });
    expect(stepTime('2026-11-26T10:32:00Z', delivered, now)).toEqual({ problem: 'before' });
  });

  it('is refused in the future beyond the clock skew; within it, it is now', () => {
    expect(stepTime(new Date(now.getTime() + CLOCK_SKEW_MS + 1_000).toISOString(), delivered, now)).toEqual({ problem: 'future' });
    expect(stepTime(new Date(now.getTime() + 60_000).toISOString(), delivered, now)).toEqual({ at: now });
  });
});
