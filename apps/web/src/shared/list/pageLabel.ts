/**
 * The pager's words, counted as people count pages: the first page is 1, of
 * at least one. (SPEC §9 showed the zero-based index, "Page 00", which read
 * as an empty list; the index stays zero-based inside the app.)
 */
export function pageLabel(index: number, total: number, size: number): { index: number; pages: number } {
  return { index: index + 1, pages: Math.max(1, Math.ceil(total / size)) };
}
