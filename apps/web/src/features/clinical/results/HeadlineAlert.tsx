import { requestFormSpecOf, rulesOf } from '@nlims/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHookSlot } from '../../../shared/registry';
import { useProgramme } from '../programme';
import { FAMILY_HEADLINE } from '../slots';
import type { OrderDetail } from '../types';

/**
 * The programme's headline for a sample whose results carry its flag (EID:
 * "HIV-1 DNA detected: start antiretroviral treatment; confirm with a second
 * sample") — the banner the printed report carries, shown on the sample and
 * result screens from the moment the result is entered. Translated by the
 * programme's form namespace (`<ns>:headline.<flag>`), else the report's English.
 * A family's module may put its own in its place (viral load's names the suppression cut-off in force).
 */
export function HeadlineAlert({ sample }: { sample: Pick<OrderDetail, 'tests'> }) {
  const programme = useProgramme();
  const ns = requestFormSpecOf(programme.name)?.namespace ?? 'clinical';
  const { t } = useTranslation(ns);
  const flags = sample.tests.flatMap((x) => (x.result?.flag ? [x.result.flag] : []));
  const own = useHookSlot(FAMILY_HEADLINE, programme.family, flags).find((x) => x !== undefined);
  if (own !== undefined) return own;
  const english = rulesOf(programme.name).headline?.(flags) ?? null;
  if (!english) return null;
  const flag = flags.find((f) => rulesOf(programme.name).headline?.([f]) === english) ?? flags[0]!;
  return (
    <Alert type="error" showIcon className="clin-headline" role="alert" data-testid="headline-alert" title={t(`headline.${flag}`, { defaultValue: english })} />
  );
}
