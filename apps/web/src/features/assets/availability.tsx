import type { AssetAvailability } from '@nlims/contracts';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAvailability } from './api';
import { unavailableText } from './labels';
import './availability.css';

interface Option {
  value: number;
  label: ReactNode;
  title?: string;
  disabled?: boolean;
}

type Unavailable = AssetAvailability['instruments'][number]['unavailable'];

/**
 * The equipment register's rule on a choice of instrument or machine: one under repair, out of service or past its
 * calibration is offered disabled, with the reason beside its name (result entry, worksheets).
 */
function useMarks(pick: (data: AssetAvailability, id: number) => { available: boolean; unavailable: Unavailable } | undefined) {
  const { t } = useTranslation('assets');
  const availability = useAvailability();
  const reasonOf = (id: number | null | undefined): string | null => {
    const found = id == null || !availability.data ? undefined : pick(availability.data, id);
    return found && !found.available ? found.unavailable.map((u) => unavailableText(t, u)).join(' ') : null;
  };
  // Each option keeps its name as `title` (searched by `optionFilterProp="title"`, shown on hover), the reason after it.
  const mark = (options: Option[]): Option[] =>
    options.map((o) => {
      const why = reasonOf(o.value);
      const name = typeof o.label === 'string' ? o.label : '';
      return why
        ? {
            ...o,
            title: `${name} — ${why}`,
            disabled: true,
            label: (
              <span className="asset-choice--unavailable" data-testid="unavailable-choice">
                {o.label} <span className="asset-choice__why">— {why}</span>
              </span>
            ),
          }
        : { ...o, title: name };
    });
  return { mark, reasonOf };
}

/** Result entry's instrument choice: an instrument whose every machine here is unavailable is disabled, with why. */
export const useInstrumentAvailability = () => useMarks((data, id) => data.instruments.find((i) => i.id === id));

/** A worksheet's machine choice: a machine whose analyser is unavailable is disabled, with why. */
export const useMachineAvailability = () => useMarks((data, id) => data.machines.find((m) => m.id === id));

/** Why the chosen machine cannot take the worksheet (the template's own machine may be under repair). */
export function MachineWarning({ reason }: { reason: string | null }) {
  return reason ? <Alert type="warning" showIcon title={reason} className="asset-choice__alert" data-testid="machine-unavailable" /> : null;
}
