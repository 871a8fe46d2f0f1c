import type { TFunction } from 'i18next';
import { ageOf, formatDate } from '../../shared/format/format';
import type { ClientRecord } from './types';

/** "35 years", "4 months", "10 days" (SPEC §9 ages); estimated ages read "about 35 years". */
export function clientAge(t: TFunction, client: Pick<ClientRecord, 'date_of_birth' | 'dob_estimated'>): string {
  const age = ageOf(client.date_of_birth);
  if (!age) return '';
  const text = t(`age.${age.unit}`, { count: age.count });
  return client.dob_estimated ? t('age.estimated', { age: text }) : text;
}

export const sexLabel = (t: TFunction, sex: string) => (sex === 'male' || sex === 'female' ? t(`sex.${sex}`) : sex);

/** The hospital number, the identifier a client is known by at the desk; N/A when none (SPEC §3). */
export function hospitalNumberOf(client: Pick<ClientRecord, 'identifiers'>): string {
  return client.identifiers.find((i) => /hospital/i.test(i.identifier_type_name))?.identifier ?? 'N/A';
}

/** The date a client was registered, DD/MM/YYYY in Lagos time. */
export const registeredOn = (client: Pick<ClientRecord, 'created_at'>) => formatDate(String(client.created_at));
