/** The analytics kit's rates. */

/** part / whole as a percentage with one decimal; null without a whole. */
export const percentOf = (part: number, whole: number): number | null => (whole ? Math.round((part / whole) * 1000) / 10 : null);
