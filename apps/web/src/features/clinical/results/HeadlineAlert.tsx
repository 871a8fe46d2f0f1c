import { requestFormSpecOf, rulesOf } from '@nlims/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { VlAlert } from '../../vl/reading';
import { useProgramme } from '../programme';
import type { OrderDetail } from '../types';

/**
 * The programme's headline for a sample whose results carry its flag (EID:
 * "HIV-1 DNA detected: start antiretroviral treatment; confirm with a second
 * sample") — the banner the printed report carries, shown on the sample and
 * result screens from the moment the result is entered. Translated by the
 * programme's form namespace (`<ns>:headline.<flag>`), else the report's English.
 * Viral load's alert names the suppression cut-off in force (`VlAlert`).
 */
export function HeadlineAlert({ sample }: { sample: Pick<OrderDetail, 'tests'> }) {
  const programme = useProgramme();
  const ns = requestFormSpecOf(programme.name)?.namespace ?? 'clinical';
  const { t } = useTranslation(ns);
  const flags = sample.tests.flatMap((x) => (x.result?.flag ? [x.result.flag] : []));
  if (programme.family === 'vl') return <VlAlert flags={flags} />;
  const english = rulesOf(programme.name).headline?.(flags) ?? null;
  if (!english) return null;
  const flag = flags.find((f) => rulesOf(programme.name).headline?.([f]) === english) ?? flags[0]!;
  return (
    <Alert type="error" showIcon className="clin-headline" role="alert" data-testid="headline-alert" title={t(`headline.${flag}`, { defaultValue: english })} />
  );
}
