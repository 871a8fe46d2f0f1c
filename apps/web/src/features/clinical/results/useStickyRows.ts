import { useState } from 'react';
import type { OrderRow } from '../types';

/**
 * Rows stay on a worklist while it is being worked: entering the first
 * result moves a sample from APPROVED to ONGOING, which would otherwise drop
 * it (and its other tests) from the list under the user's hands. Rows are
 * forgotten when the filters or the page change.
 */
export function useStickyRows(rows: OrderRow[] | undefined, resetKey: string): OrderRow[] {
  const [state, setState] = useState<{ key: string; seen: OrderRow[]; from: OrderRow[] | undefined }>({ key: resetKey, seen: [], from: undefined });
  if (state.key !== resetKey || state.from !== rows) {
    const kept = state.key === resetKey ? state.seen : [];
    const fresh = rows ?? [];
    const merged = [...fresh, ...kept.filter((old) => !fresh.some((r) => r.id === old.id))];
    // Adjusting state while rendering (React's documented pattern for deriving from changing props).
    setState({ key: resetKey, seen: rows ? merged : kept, from: rows });
    return rows ? merged : kept;
  }
  return state.seen;
}
