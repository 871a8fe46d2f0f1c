import { SearchOutlined } from '@ant-design/icons';
import { NCR_CATEGORIES, NCR_SEVERITIES, NCR_STATES, NCR_TYPE_KEYS, NCR_TYPES } from '@nlims/contracts';
import { Checkbox, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../shared/forms/DateInput';
import { type ListFilters, useSections } from './api';
import { typeText } from './labels';

/** The event types under their categories, for a select. */
export function useTypeOptions() {
  const { t } = useTranslation('nonConformity');
  return NCR_CATEGORIES.map((category) => ({
    label: t(`category.${category}`),
    title: t(`category.${category}`),
    options: NCR_TYPE_KEYS.filter((type) => NCR_TYPES[type] === category).map((type) => ({ value: type, label: typeText(t, type) })),
  }));
}

/** State, severity, type, unit, period, lab number or title, and overdue actions only. */
export function NcrFilters({ filters, onChange }: { filters: ListFilters; onChange: (change: Partial<ListFilters>) => void }) {
  const { t } = useTranslation('nonConformity');
  const sections = useSections();
  const types = useTypeOptions();
  const [search, setSearch] = useState(filters.search ?? '');
  // Back or forward in the browser changes the address: the box follows it.
  useEffect(() => setSearch(filters.search ?? ''), [filters.search]);
  return (
    <div className="clin-toolbar ncr-filters" data-testid="ncr-filters">
      <Input.Search
        allowClear
        prefix={<SearchOutlined />}
        className="ncr-filters__search"
        placeholder={t('filter.search')}
        aria-label={t('filter.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          if (!e.target.value) onChange({ search: undefined });
        }}
        onSearch={(value) => onChange({ search: value.trim() || undefined })}
      />
      <Select
        allowClear
        aria-label={t('filter.state')}
        placeholder={t('filter.allStates')}
        value={filters.state}
        onChange={(state) => onChange({ state: state ?? undefined })}
        options={NCR_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
      />
      <Select
        allowClear
        aria-label={t('filter.severity')}
        placeholder={t('filter.allSeverities')}
        value={filters.severity}
        onChange={(severity) => onChange({ severity: severity ?? undefined })}
        options={NCR_SEVERITIES.map((s) => ({ value: s, label: t(`severity.${s}`) }))}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        className="ncr-filters__type"
        aria-label={t('filter.type')}
        placeholder={t('filter.allTypes')}
        value={filters.type}
        onChange={(type) => onChange({ type: type ?? undefined })}
        options={types}
        popupMatchSelectWidth={false}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('filter.section')}
        placeholder={t('filter.allSections')}
        loading={sections.isPending}
        value={filters.section}
        onChange={(section) => onChange({ section: section ?? undefined })}
        options={(sections.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        popupMatchSelectWidth={false}
      />
      <span className="ncr-filters__period">
        <DateInput
          aria-label={t('filter.from')}
          placeholder={t('filter.from')}
          value={filters.start_date}
          max={filters.end_date}
          onChange={(v) => onChange({ start_date: v })}
        />
        <DateInput
          aria-label={t('filter.to')}
          placeholder={t('filter.to')}
          value={filters.end_date}
          min={filters.start_date}
          onChange={(v) => onChange({ end_date: v })}
        />
      </span>
      <Checkbox checked={filters.overdue === '1'} onChange={(e) => onChange({ overdue: e.target.checked ? '1' : undefined })} data-testid="ncr-overdue-only">
        {t('filter.overdue')}
      </Checkbox>
    </div>
  );
}
