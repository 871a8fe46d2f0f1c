import { Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../shared/forms/DateInput';
import { useDashboardFilter } from './api';
import type { TierFilters } from './filters';

interface Props {
  filters: TierFilters;
  onChange: (change: Partial<Record<keyof TierFilters, string | number | undefined>>) => void;
  /** The period the server used when none was chosen (shown in the date fields). */
  period?: { start_date: string; end_date: string };
  /** Offer the state, LGA and facility pickers (not for facility staff, who see their facility). */
  areas?: boolean;
  children?: ReactNode;
}

/**
 * The period and the area of a tier dashboard: state → LGA → facility, each
 * list within the caller's own area (`dashboard_filter/`) and within the
 * choice above it; a list of one (a state user's state) is shown, fixed.
 */
export function TierFilterBar({ filters, onChange, period, areas = true, children }: Props) {
  const { t } = useTranslation('tierAnalytics');
  const lookup = useDashboardFilter();
  const states = lookup.data?.states ?? [];
  const lgas = (lookup.data?.lgas ?? []).filter((l) => filters.states == null || l.state == null || l.state === filters.states);
  const facilities = (lookup.data?.facilities ?? []).filter(
    (f) => (filters.lga == null || f.lga == null || f.lga === filters.lga) && (filters.states == null || f.state == null || f.state === filters.states),
  );
  const single = (list: { id: number }[], value: number | undefined) => (list.length === 1 && value == null ? list[0]!.id : value);
  const options = (list: { id: number; name: string }[]) => list.map((x) => ({ value: x.id, label: x.name }));
  return (
    <div className="clin-toolbar tier-filters clin-no-print" data-testid="tier-filters">
      <label className="clin-date">
        <span>{t('filter.from')}</span>
        <DateInput
          value={filters.start_date ?? period?.start_date}
          max={filters.end_date ?? period?.end_date}
          onChange={(start_date) => onChange({ start_date })}
          aria-label={t('filter.from')}
        />
      </label>
      <label className="clin-date">
        <span>{t('filter.to')}</span>
        <DateInput
          value={filters.end_date ?? period?.end_date}
          min={filters.start_date ?? period?.start_date}
          onChange={(end_date) => onChange({ end_date })}
          aria-label={t('filter.to')}
        />
      </label>
      {areas && (
        <>
          <Select<number>
            allowClear={states.length > 1}
            disabled={states.length === 1}
            showSearch={{ optionFilterProp: 'label' }}
            loading={lookup.isPending}
            placeholder={t('filter.allStates')}
            aria-label={t('filter.state')}
            value={single(states, filters.states)}
            onChange={(states?: number) => onChange({ states })}
            options={options(states)}
            data-testid="tier-filter-state"
          />
          <Select<number>
            allowClear={lgas.length > 1}
            disabled={lgas.length === 1 && (lookup.data?.lgas.length ?? 0) === 1}
            showSearch={{ optionFilterProp: 'label' }}
            loading={lookup.isPending}
            placeholder={t('filter.allLgas')}
            aria-label={t('filter.lga')}
            value={(lookup.data?.lgas.length ?? 0) === 1 ? single(lgas, filters.lga) : filters.lga}
            onChange={(lga?: number) => onChange({ lga, ...(lga != null && { states: lgas.find((l) => l.id === lga)?.state ?? filters.states }) })}
            options={options(lgas)}
            data-testid="tier-filter-lga"
          />
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={lookup.isPending}
            placeholder={t('filter.allFacilities')}
            aria-label={t('filter.facility')}
            value={filters.facility}
            onChange={(facility?: number) => onChange({ facility })}
            options={options(facilities)}
            className="tier-filters__facility"
            data-testid="tier-filter-facility"
          />
        </>
      )}
      {children}
    </div>
  );
}
