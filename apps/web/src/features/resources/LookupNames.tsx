import { useLookupRows } from './queries';
import { DASH } from './cells';
import type { LookupSpec } from './types';

/** Ids shown as the names of a look-up's rows (a facility's programmes, a machine's instrument). */
export function LookupNames({ spec, ids }: { spec: LookupSpec; ids: unknown }) {
  const { data } = useLookupRows(spec);
  const list = (Array.isArray(ids) ? ids : ids == null ? [] : [ids]) as number[];
  if (!list.length) return DASH;
  const label = spec.label ?? 'name';
  const names = list.map((id) => String(data?.find((row) => row.id === id)?.[label] ?? id));
  return <>{names.join(', ')}</>;
}
