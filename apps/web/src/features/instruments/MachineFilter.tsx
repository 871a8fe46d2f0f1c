import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInstrumentMachines } from './api';

/** The analyser a tab's list is narrowed to. */
export function MachineFilter({ value, onChange }: { value?: number; onChange: (v?: number) => void }) {
  const { t } = useTranslation('instruments');
  const machines = useInstrumentMachines();
  return (
    <Select
      allowClear
      className="instruments-filter"
      placeholder={t('filter.machine')}
      aria-label={t('filter.machine')}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      options={(machines.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
      data-testid="instruments-machine-filter"
    />
  );
}
