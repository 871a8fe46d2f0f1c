import { programFamily, roleMay, userPrograms } from '@nlims/contracts';
import { Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/useSession';
import { PeriodFilter } from '../../shared/forms/PeriodFilter';
import type { PhFilters } from './api';
import { diseaseText } from './labels';
import '../analytics/report.css';

/** The public-health programmes the signed-in user reads (the super admin: all), for the programme filter. */
export function usePhProgrammes(): string[] {
  const user = useSession().user;
  if (!user) return [];
  const held = userPrograms(user).filter((name) => programFamily(name) === 'ph');
  if (user.is_superuser) return [];
  return held.filter((name) => user.programs_roles.some((pr) => pr.programs === name && roleMay(pr.roles, name, 'read')));
}

/**
 * The days samples were registered (DD/MM/YYYY) and a public-health programme
 * (unless `chooseDisease` is false: a page of one programme); `children` adds
 * the page's own filters.
 */
export function PhFilterBar({
  value,
  onChange,
  chooseDisease = true,
  children,
}: {
  value: PhFilters;
  onChange: (change: PhFilters) => void;
  chooseDisease?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['ph', 'clinical']);
  const programmes = usePhProgrammes();
  return (
    <PeriodFilter value={value} onChange={onChange} className="report-filters">
      {chooseDisease && programmes.length > 1 && (
        <Select
          allowClear
          placeholder={t('ph:filter.allDiseases')}
          aria-label={t('ph:filter.disease')}
          value={value.program}
          onChange={(program?: string) => onChange({ program })}
          options={programmes.map((name) => ({ value: name, label: diseaseText(t, name) }))}
          className="report-filters__test"
        />
      )}
      {children}
    </PeriodFilter>
  );
}
