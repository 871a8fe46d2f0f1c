import { DISPATCH_STATUS, type ShipmentDetail } from '@nlims/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../shared/format/figures';
import { formatDate, formatDateTime } from '../../shared/format/format';

const D = DISPATCH_STATUS;
const KNOWN = new Set<number>(Object.values(D));

/** The shipment statuses, in the order a shipment moves through them (the list's filter). */
export const SHIPMENT_STATUSES: readonly number[] = [
  D.PENDING,
  D.FACILITY_NOTIFIED,
  D.COURIER_NOTIFIED,
  D.DISPATCHED,
  D.DELIVERED,
  D.RECEIVED,
  D.REJECTED,
  D.CANCELLED,
];

const COLORS: Record<number, string> = {
  [D.PENDING]: 'default',
  [D.FACILITY_NOTIFIED]: 'cyan',
  [D.COURIER_NOTIFIED]: 'geekblue',
  [D.DISPATCHED]: 'blue',
  [D.DELIVERED]: 'purple',
  [D.RECEIVED]: 'green',
  [D.REJECTED]: 'red',
  [D.CANCELLED]: 'default',
};

/** A shipment status's name in the interface language (DISPATCH_STATUS); an unknown code says so. */
export const shipmentStatusText = (t: TFunction, code: number) => t(KNOWN.has(code) ? `dispatch:status.${code}` : 'dispatch:status.unknown');

export function ShipmentStatusTag({ code }: { code: number }) {
  const { t } = useTranslation('dispatch');
  return (
    <Tag className="dsp-status" color={COLORS[code] ?? 'default'}>
      {shipmentStatusText(t, code)}
    </Tag>
  );
}

export function OverdueTag() {
  const { t } = useTranslation('dispatch');
  return (
    <Tag color="red" className="dsp-overdue">
      {t('overdue')}
    </Tag>
  );
}

const STATE_COLORS: Record<string, string> = { in_transit: 'blue', received: 'green', rejected: 'red', missing: 'orange', returned: 'default' };

/** Where a sample of the shipment is: in transit, received, rejected, missing on arrival, or returned. */
export function SampleStateTag({ state }: { state: ShipmentDetail['samples'][number]['state'] }) {
  const { t } = useTranslation('dispatch');
  return <Tag color={STATE_COLORS[state] ?? 'default'}>{t(`state.${state}`)}</Tag>;
}

/** A date and time as the app writes them, kept left to right inside Arabic text; a dash when there is none. */
export const when = (value: string | Date | null | undefined) => (value ? ltr(formatDateTime(value)) : '—');
export const day = (value: string | null | undefined) => (value ? ltr(formatDate(value)) : '—');
/** The unit of a temperature field, left to right in Arabic too. */
export const CELSIUS = ltr('°C');
/** A temperature in degrees Celsius, or a dash. */
export const degrees = (value: number | null | undefined) => (value == null ? '—' : ltr(`${value} °C`));
/** Hours, one decimal, or a dash. */
export const hours = (t: TFunction, value: number | null | undefined) => (value == null ? '—' : t('dispatch:hours', { hours: ltr(String(value)) }));

/**
 * A storage temperature's words in their own direction (a first-strong isolate): "2–8 °C" stays left to right in
 * Arabic text, the Arabic for "ambient" right to left.
 */
export const storageText = (t: TFunction, storage: string) => `\u2068${t(`dispatch:storage.${storage}`, { defaultValue: storage })}\u2069`;
