import { Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PeriodFilter } from '../../shared/forms/PeriodFilter';
import { type TbFilters, useTbTestTypes } from './api';
import '../analytics/report.css';

/** The filters both TB pages open with: the days samples were registered (DD/MM/YYYY) and a test type; `children` adds the page's own. */
export function TbFilterBar({ value, onChange, children }: { value: TbFilters; onChange: (change: TbFilters) => void; children?: ReactNode }) {
  const { t } = useTranslation('clinical');
  const { tests, loading } = useTbTestTypes();
  return (
    <PeriodFilter value={value} onChange={onChange} className="report-filters">
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={loading}
        placeholder={t('report.allTests')}
        aria-label={t('samples.test')}
        value={value.test_type}
        onChange={(test_type?: number) => onChange({ test_type })}
        options={tests.map((x) => ({ value: x.id, label: x.name }))}
        className="report-filters__test"
      />
      {children}
    </PeriodFilter>
  );
}
