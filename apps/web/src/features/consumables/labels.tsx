import type { ConsumableItem, ConsumableLot, ConsumableLotState } from '@nlims/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format/format';

const NAIRA = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });

/** Kobo as naira: ₦1,234.50. */
export const naira = (kobo: number | null | undefined): string => (kobo == null ? '—' : NAIRA.format(kobo / 100));

/** Naira typed in a form (₦, with kobo) as integer kobo. */
export const toKobo = (value: number | null | undefined): number => Math.round((value ?? 0) * 100);

export const day = (value: string | null | undefined) => formatDate(value) || '—';

/** Left to right whatever the page's direction (an Arabic sentence keeps "96 (9 × 10 + 6)" in its order). */
const ltr = (text: string) => `\u2066${text}\u2069`;

/** A movement's units with their sign, kept left to right: "+100", "−50" (a true minus), "0". */
export const signed = (units: number): string => ltr(`${units > 0 ? '+' : units < 0 ? '\u2212' : ''}${Math.abs(units).toLocaleString('en-NG')}`);

/** Units, with whole packs beside them when a pack holds more than one: "100 (4 × 24 + 4)". */
export function unitsText(t: TFunction, units: number, item: { pack_size: number }): string {
  const base = units.toLocaleString('en-NG');
  if (item.pack_size <= 1 || units === 0) return ltr(base);
  const packs = Math.floor(units / item.pack_size);
  const rest = units % item.pack_size;
  if (packs === 0) return ltr(base);
  return ltr(`${base} (${rest ? t('packsAndUnits', { packs, size: item.pack_size, rest }) : t('packs', { packs, size: item.pack_size })})`);
}

/** What one unit is and how many a pack holds: "cartridge · 10 per pack". */
export const unitLine = (t: TFunction, item: { pack_size: number; unit_symbol: string | null }) =>
  [item.unit_symbol, t('item.perPack', { n: item.pack_size })].filter(Boolean).join(' · ');

const STATE_COLOURS: Record<ConsumableLotState, string> = {
  active: 'green',
  in_use: 'blue',
  expired: 'red',
  consumed: 'default',
  quarantined: 'orange',
  disposed: 'default',
};

export function StateTag({ state }: { state: ConsumableLotState }) {
  const { t } = useTranslation('consumables');
  return (
    <Tag color={STATE_COLOURS[state]} className="cons-tag" data-state={state}>
      {t(`state.${state}`)}
    </Tag>
  );
}

/** An item's flags: low on stock, a lot expiring soon, expired stock still held, uses not recorded. */
export function ItemTags({ item }: { item: ConsumableItem }) {
  const { t } = useTranslation('consumables');
  return (
    <span className="cons-tags">
      {item.low_stock && (
        <Tag color="red" className="cons-tag" data-flag="low">
          {t('flag.low')}
        </Tag>
      )}
      {item.expiring_soon && (
        <Tag color="orange" className="cons-tag" data-flag="expiring">
          {t('flag.expiring')}
        </Tag>
      )}
      {item.expired_units > 0 && (
        <Tag color="volcano" className="cons-tag" data-flag="expired">
          {t('flag.expiredStock')}
        </Tag>
      )}
      {item.uses_short > 0 && (
        <Tag color="magenta" className="cons-tag" data-flag="short">
          {t('flag.short', { n: item.uses_short })}
        </Tag>
      )}
      {!item.is_active && <Tag className="cons-tag">{t('flag.inactive')}</Tag>}
    </span>
  );
}

/** Why a lot cannot be used, or its days to expiry. */
export function LotExpiry({ lot }: { lot: ConsumableLot }) {
  const { t } = useTranslation('consumables');
  return (
    <span>
      <bdi className="cons-nowrap">{day(lot.effective_expiry)}</bdi>
      <span className={`cons-muted cons-block${lot.expired ? ' cons-danger' : lot.expiring_soon ? ' cons-warning' : ''}`}>
        {lot.expired ? t('lot.expiredAgo', { n: -lot.days_to_expiry }) : t('lot.daysLeft', { n: lot.days_to_expiry })}
        {lot.opened ? ` · ${t('lot.openedOn', { date: day(lot.opened_on) })}` : ''}
      </span>
    </span>
  );
}

export const placeText = (t: TFunction, bench: { bench_name: string | null } | null) => bench?.bench_name ?? t('store');
