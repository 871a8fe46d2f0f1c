/** Truncation limits from SPEC §9. */
export const TRUNCATE = { program: 20, generic: 12, username: 20, facility: 25 } as const;

/** Cut a text to `max` characters and mark the cut with an ellipsis. */
export function truncate(text: string | null | undefined, max: number = TRUNCATE.generic): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}
