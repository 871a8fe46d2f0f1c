import { useTranslation } from 'react-i18next';
import { DASH } from './cells';

/** A stored enum value shown by its label (`prefix.value` in the admin catalog). */
export function ChoiceText({ prefix, value }: { prefix: string; value: unknown }) {
  const { t } = useTranslation('admin');
  if (value === null || value === undefined || value === '') return DASH;
  return <>{t(`${prefix}.${String(value)}`)}</>;
}
