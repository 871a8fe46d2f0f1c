/** Sample status codes (SPEC §4). */
export const SAMPLE_STATUS = {
  ORDERED: 1,
  COLLECTED: 2,
  APPROVED: 3,
  REJECTED: 4,
  RECEIVED: 10,
  ONGOING: 11,
  WORKSHEET: 12,
  DISPATCHED: 13,
  PARTIALLY_REJECTED: 14,
  ON_HOLD: 15,
} as const;

/** Result status codes per test (SPEC §4). */
export const RESULT_STATUS = {
  ENTERED: 5,
  VERIFIED: 6,
  APPROVAL: 7,
  REJECTED: 8,
  RETEST: 9,
} as const;

/** Dispatch status codes; PENDING is 0 (DESIGN §3 resolves the clash with CANCELLED). */
export const DISPATCH_STATUS = {
  PENDING: 0,
  FACILITY_NOTIFIED: 1,
  COURIER_NOTIFIED: 2,
  DISPATCHED: 3,
  DELIVERED: 4,
  RECEIVED: 5,
  REJECTED: 6,
  CANCELLED: 7,
} as const;

export const UNKNOWN_STATUS = 'UNKNOWN STATUS';

/**
 * A status code's name in English sentence case, for what the server writes itself (a PDF, a CSV): "Courier
 * notified", "Partially rejected"; an unknown code says so. The pages word statuses from their translations instead.
 */
export function statusLabel(table: Record<string, number>, code: number | null | undefined): string {
  const name = statusName(table, code).toLowerCase();
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Display name for a status code: underscores become spaces, unknown codes say so. */
export function statusName(table: Record<string, number>, code: number | null | undefined): string {
  const entry = Object.entries(table).find(([, value]) => value === code);
  return entry ? entry[0].replace(/_/g, ' ') : UNKNOWN_STATUS;
}
