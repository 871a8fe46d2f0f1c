/** Every workflow read starts with this key, so one invalidation after a move refreshes lists, details and badge counts. */
export const CLINICAL = ['clinical'] as const;
