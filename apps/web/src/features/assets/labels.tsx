import type { AssetCheckout, AssetStatus, AssetUnavailable, ValidityState } from '@nlims/contracts';
import { Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../shared/format/figures';
import { formatDate, formatDateTime } from '../../shared/format/format';

const STATUS_COLORS: Record<AssetStatus, string> = { in_use: 'green', under_repair: 'orange', out_of_service: 'red' };
const VALIDITY_COLORS: Record<ValidityState, string> = { valid: 'green', due: 'gold', overdue: 'red', none: 'default' };

/** Dates as the app writes them, kept left to right inside Arabic text; a dash when there is none. */
export const day = (value: string | null | undefined) => (value ? ltr(formatDate(value)) : '—');
export const when = (value: string | null | undefined) => (value ? ltr(formatDateTime(value)) : '—');

/** Kobo shown as naira: ₦1,234.50. */
const NAIRA = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
export const naira = (kobo: number) => ltr(NAIRA.format(kobo / 100));

export function StatusTag({ status }: { status: AssetStatus }) {
  const { t } = useTranslation('assets');
  return (
    <Tag color={STATUS_COLORS[status]} className="asset-tag" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** A calibration's or certificate's validity: its date, coloured by whether it is valid, falling due, or past. */
export function ValidityTag({ state, date }: { state: ValidityState; date: string | null }) {
  const { t } = useTranslation('assets');
  if (state === 'none') return <span className="asset-muted">{t('validity.none')}</span>;
  return (
    <Tag color={VALIDITY_COLORS[state]} className="asset-tag" data-validity={state}>
      {t(`validity.${state}`, { date: day(date) })}
    </Tag>
  );
}

/** Why an asset may not be used for results, in the interface's language. */
export function unavailableText(t: TFunction, u: AssetUnavailable): string {
  const values = { name: u.name, tag: u.tag, date: day(u.state === 'calibration_overdue' ? u.valid_until : u.since), note: u.note };
  return u.state === 'out_of_service' && u.note ? t('assets:unavailable.out_of_service_note', values) : t(`assets:unavailable.${u.state}`, values);
}

/** "Available" or "Not for results", with the reason on hover and for screen readers. */
export function AvailabilityTag({ unavailable }: { unavailable: AssetUnavailable | null }) {
  const { t } = useTranslation('assets');
  if (!unavailable) return <Tag className="asset-tag">{t('availability.yes')}</Tag>;
  const why = unavailableText(t, unavailable);
  return (
    <Tooltip title={why}>
      <Tag color="red" className="asset-tag" aria-label={`${t('availability.no')}: ${why}`}>
        {t('availability.no')}
      </Tag>
    </Tooltip>
  );
}

/** To whom or where an asset is out: "Bench: GeneXpert Bench". */
export const checkoutText = (t: TFunction, c: Pick<AssetCheckout, 'to' | 'to_name'>) => `${t(`assets:to.${c.to}`)}: ${c.to_name}`;
