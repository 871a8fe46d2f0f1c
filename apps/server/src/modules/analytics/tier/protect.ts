import { type CountNode, type Hidden, protectCounts, type TierArea } from '@nlims/contracts';

/** One facility's cases, with its state and LGA: a leaf of the nation's tree of areas. */
export interface FacilityCases {
  state: number;
  lga: number;
  facility: number;
  positives: number;
}

/** The key of an area in the tree, as `areaKey` gives it for a dashboard's area or a row below it. */
export const areaKey = (level: TierArea['level'] | 'state' | 'lga' | 'facility', id: number | null): string =>
  level === 'nation' ? 'n' : `${level.charAt(0)}:${id}`;

/**
 * The nation's cases as a tree (nation → states → LGAs → facilities), every cell hidden or shown by contracts'
 * protectCounts: the same cells on every page, whichever area the page is of. `suppress`: an official's view
 * (small counts in LGAs and facilities hidden); facility staff and the super admin see every count.
 */
export function protectAreas(rows: readonly FacilityCases[], suppress: boolean): Map<string, Hidden> {
  if (!suppress) return new Map();
  const node = (key: string, suppressible: boolean): CountNode & { children: CountNode[] } => ({ key, value: 0, suppressible, children: [] });
  const root = node('n', false);
  const states = new Map<number, ReturnType<typeof node>>();
  const lgas = new Map<number, ReturnType<typeof node>>();
  for (const r of rows) {
    const s = states.get(r.state) ?? node(areaKey('state', r.state), false);
    states.set(r.state, s);
    let l = lgas.get(r.lga);
    if (!l) {
      l = node(areaKey('lga', r.lga), true);
      lgas.set(r.lga, l);
      s.children.push(l);
    }
    l.children.push({ key: areaKey('facility', r.facility), value: r.positives, suppressible: true });
    l.value += r.positives;
    s.value += r.positives;
    root.value += r.positives;
  }
  root.children.push(...states.values());
  return protectCounts(root);
}

/** A flat group (the periods of a series, the tests of a dashboard) under a total hidden or shown already. */
export function protectGroup(
  total: { value: number; hidden: Hidden },
  cells: readonly { key: string; value: number }[],
  suppressible: boolean,
): Map<string, Hidden> {
  return protectCounts({
    key: '',
    value: total.value,
    suppressible: false,
    preset: total.hidden,
    children: cells.map((c) => ({ key: c.key, value: c.value, suppressible })),
  });
}
