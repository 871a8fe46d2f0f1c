import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/useSession';
import { fetchPage, resourceKey } from './api';
import type { Row } from './types';
import { SEARCH_DEBOUNCE_MS } from './useListState';

interface Props {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** The row being edited, whose `test_type_name` labels the current value. */
  editing: Row | null;
}

const label = (row: Row) => (row.program_name ? `${String(row.name)} · ${String(row.program_name)}` : String(row.name));

/**
 * Pick a catalogue test by searching `test_type/?page=1&search=` as the user
 * types; a facility's administrator sees only the tests of the programmes the
 * facility runs.
 */
export function TestSearchSelect({ id, value, onChange, editing }: Props) {
  const { t } = useTranslation('admin');
  const programs = useSession().user?.facility_programs ?? [];
  const filters = { is_active: 'true', program__name__in: programs.length ? programs.join(',') : undefined };
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, isFetching } = useQuery({
    queryKey: [...resourceKey('test_type'), 'search', search, filters.program__name__in],
    queryFn: ({ signal }) => fetchPage('test_type', { pageIndex: 0, pageSize: 20, search, ordering: '', filters }, signal),
    staleTime: 60_000,
  });
  // Labels of every test seen so far, so the chosen one keeps its name when the results change.
  const seen = useRef(new Map<number, string>());
  if (editing?.test_type != null) seen.current.set(editing.test_type as number, String(editing.test_type_name ?? editing.test_type));
  const options = (data?.results ?? []).map((row) => ({ value: row.id, label: label(row) }));
  for (const o of options) seen.current.set(o.value, o.label);
  if (typeof value === 'number' && !options.some((o) => o.value === value)) options.unshift({ value, label: seen.current.get(value) ?? String(value) });
  return (
    <Select
      id={id}
      value={value as number | undefined}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      placeholder={t('form.searchTest')}
      notFoundContent={isFetching ? t('form.searching') : undefined}
      loading={isFetching}
      options={options}
    />
  );
}
