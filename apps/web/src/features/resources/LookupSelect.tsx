import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useLookupRows } from './queries';
import type { LookupSpec } from './types';

type Props = Omit<SelectProps, 'options' | 'loading'> & { spec: LookupSpec; dependency?: unknown };

/** A select whose options come from a look-up endpoint (every row, searched on the client). */
export function LookupSelect({ spec, dependency, ...props }: Props) {
  const { data, isFetching } = useLookupRows(spec, dependency);
  const label = spec.label ?? 'name';
  const value = spec.value ?? 'id';
  const options = useMemo(
    () => (data ?? []).map((row) => ({ value: row[value] as string | number, label: String(row[label] ?? row.id) })),
    [data, label, value],
  );
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      options={options}
      loading={isFetching}
      disabled={props.disabled || (spec.dependsOn != null && dependency == null)}
    />
  );
}
