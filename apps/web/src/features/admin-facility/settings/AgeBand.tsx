import { useTranslation } from 'react-i18next';
import { ageBandToForm } from '../../resources/format';

/** An age band in years when both ends are whole years, otherwise in days: "1 – 18 years", "0 – 28 days", "65+ years". */
export function AgeBand({ minDays, maxDays }: { minDays: number; maxDays: number | null }) {
  const { t } = useTranslation('admin');
  const band = ageBandToForm(minDays, maxDays);
  const unit = t(`option.ageUnit.${band.age_unit}`);
  if (band.age_max == null && band.age_min === 0) return <>{t('measure.allAges')}</>;
  if (band.age_max == null) return <>{t('measure.ageFrom', { min: band.age_min, unit })}</>;
  return <>{t('measure.ageBetween', { min: band.age_min, max: band.age_max, unit })}</>;
}
