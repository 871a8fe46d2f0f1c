/**
 * Small numbers on the officials' dashboards, in one place: a count of cases of 1 to SMALL_NUMBER_LIMIT in a
 * suppressible cell is shown "< 5" (primary suppression), and enough other cells are hidden that it cannot be
 * worked out by arithmetic (complementary suppression):
 *
 * - in a row, the negatives go with the positives (the tests and invalid beside them would give them back);
 * - in a group whose total is shown (the areas below an area, the periods of a series, the tests of a
 *   dashboard), one hidden cell alone, or hidden cells whose sum tells each of them (all 1s, all 4s), is not
 *   enough: the next smallest shown cell is withheld too, or, when no cell is left, the total itself;
 * - a withheld area is never the sum of its own shown areas: one of them is hidden with it.
 *
 * The same tree gives the same cells on every page (a state on the federal page and on its own page) and in
 * every export.
 */

/** A count of cases from 1 to this, in a suppressible cell, is shown as "< 5", never the number. */
export const SMALL_NUMBER_LIMIT = 4;
export const SUPPRESSED_LABEL = '< 5';
/** A cell hidden so that a small one beside it cannot be worked out (its value is not small, or not known to be). */
export const WITHHELD = 'withheld' as const;

/** A count as shown: the number, null ("< 5") or "withheld". */
export type ShownCount = number | null | typeof WITHHELD;

/** How a cell is hidden: 'small' (1–4, shown "< 5") or 'withheld'; null: shown. */
export type Hidden = 'small' | 'withheld' | null;

export interface CountNode {
  key: string;
  /** The cases counted in this cell. */
  value: number;
  /** Whether small counts are suppressed in this cell (below state level, for officials). */
  suppressible: boolean;
  /** How it is hidden already (a group's total decided elsewhere, by the tree of areas). */
  preset?: Hidden;
  children?: CountNode[];
}

const isSmall = (v: number) => v >= 1 && v <= SMALL_NUMBER_LIMIT;

/** Whether the hidden cells of a group whose total is shown can be told apart from it. */
export function groupLeaks(hidden: readonly { value: number; hidden: Hidden }[]): boolean {
  if (hidden.length === 0) return false;
  if (hidden.length === 1) return true;
  if (!hidden.every((h) => h.hidden === 'small')) return false;
  const sum = hidden.reduce((n, h) => n + h.value, 0);
  return sum === hidden.length || sum === SMALL_NUMBER_LIMIT * hidden.length;
}

/**
 * Decide how each cell of a tree is shown. The root is the widest total (the nation, or a page's total for a
 * series); every node's value is the sum of its children's. Returns each node's hiding by key.
 */
export function protectCounts(root: CountNode): Map<string, Hidden> {
  const out = new Map<string, Hidden>();
  const get = (n: CountNode) => out.get(n.key) ?? null;
  const walk = (n: CountNode) => {
    out.set(n.key, n.preset ?? (n.suppressible && isSmall(n.value) ? 'small' : null));
    for (const c of n.children ?? []) walk(c);
  };
  walk(root);

  const smallestShown = (nodes: readonly CountNode[]) =>
    nodes.filter((c) => get(c) == null && c.value > 0).sort((a, b) => a.value - b.value || a.key.localeCompare(b.key))[0];
  // A hidden cell is not the sum of its shown cells: one of them goes with it.
  const hide = (n: CountNode, how?: Hidden) => {
    if (get(n) == null) out.set(n.key, how ?? (isSmall(n.value) ? 'small' : WITHHELD));
    const kids = n.children ?? [];
    if (kids.some((c) => get(c) != null)) return;
    const next = smallestShown(kids);
    if (next) hide(next);
  };
  const protect = (n: CountNode) => {
    const kids = n.children ?? [];
    for (const c of kids) protect(c);
    if (get(n) != null) {
      hide(n);
      return;
    }
    while (groupLeaks(kids.filter((c) => get(c) != null).map((c) => ({ value: c.value, hidden: get(c) })))) {
      const next = smallestShown(kids);
      if (!next) {
        hide(n);
        return;
      }
      hide(next);
    }
  };
  protect(root);
  return out;
}

/** A count as the hiding shows it. */
export const shownCount = (value: number, hidden: Hidden): ShownCount => (hidden === 'small' ? null : hidden === WITHHELD ? WITHHELD : value);
