import { BILLING_READ_ROLES, type BillingHold } from '@nlims/contracts';
import { SyncOutlined } from '@ant-design/icons';
import { Alert, Button, type TableProps, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess } from '../layout/useAccess';
import { useBillingHolds, useBillingSettings } from './api';
import { naira } from './money';
import './billing.css';

/**
 * Whether a sample's report is held until its invoice is paid (the facility's setting on, and a balance owed):
 * asked only where the facility holds results, so a laboratory that does not pays no request for it.
 */
export function useReportHold(sampleId: number): ReportHold {
  const settings = useBillingSettings();
  const holding = settings.data?.hold_until_paid === true;
  const holds = useBillingHolds({ sample: sampleId }, holding);
  const asked = holding ? holds : settings;
  if (settings.isSuccess && !holding) return { state: 'free' };
  if (holds.isSuccess) return holds.data[0] ? { state: 'held', hold: holds.data[0] } : { state: 'free' };
  if (asked.isError) return { state: 'unknown', retry: () => void asked.refetch() };
  return { state: 'checking' };
}

/**
 * A report's payment state: free to print, held with its invoice, still being checked, or not known (the check
 * failed). Only "free" shows the report's buttons: a result held for payment is never offered while unknown.
 */
export type ReportHold = { state: 'free' } | { state: 'held'; hold: BillingHold } | { state: 'checking' } | { state: 'unknown'; retry: () => void };

/** What stands in for the report's buttons while its payment is being checked, or when the check failed. */
export function HoldPending({ hold }: { hold: Extract<ReportHold, { state: 'checking' | 'unknown' }> }) {
  const { t } = useTranslation('billing');
  if (hold.state === 'checking')
    return (
      <Tag icon={<SyncOutlined spin />} data-testid="billing-checking">
        {t('hold.checking')}
      </Tag>
    );
  return (
    <span data-testid="billing-unknown">
      <Tag color="orange">{t('hold.unknown')}</Tag>
      <Button size="small" onClick={hold.retry}>
        {t('hold.retry')}
      </Button>
    </span>
  );
}

/** The hold in words: "Held until invoice INV-2026-00012 is paid: ₦1,350.00 outstanding." */
export function useHoldText() {
  const { t } = useTranslation('billing');
  return (hold: BillingHold) => t('hold.message', { number: hold.number, amount: naira(hold.balance_kobo) });
}

/** Why the report cannot be printed yet, with the way to the invoice for those who keep the cash desk. */
export function HoldNotice({ hold, compact }: { hold: BillingHold; compact?: boolean }) {
  const { t } = useTranslation('billing');
  const text = useHoldText()(hold);
  const ctx = useAccess();
  const mayOpen = ctx.role != null && BILLING_READ_ROLES.includes(ctx.role);
  const link = mayOpen && <Link to={`/payment-details?invoice=${hold.invoice}`}>{t('hold.open')}</Link>;
  if (compact)
    return (
      <Tooltip title={text}>
        <Tag color="orange" className="bill-hold-tag" data-testid="billing-hold">
          {t('hold.short', { amount: naira(hold.balance_kobo) })}
        </Tag>
      </Tooltip>
    );
  return (
    <Alert
      type="warning"
      showIcon
      className="bill-hold"
      data-testid="billing-hold"
      title={
        <span>
          {text} {link}
        </span>
      }
    />
  );
}

/** The holds among a page of lab numbers (a report's rows), where the facility holds results until paid. */
export function useLabNumberHolds(labNumbers: readonly string[]): Map<string, BillingHold> {
  const settings = useBillingSettings();
  const unique = [...new Set(labNumbers)];
  const holds = useBillingHolds({ labNumbers: unique }, settings.data?.hold_until_paid === true && unique.length > 0);
  return new Map((holds.data ?? []).map((h) => [h.lab_number, h]));
}

/** A report's columns with a held order's tag under its lab number (the `lab` column). */
export function withHolds<T extends { lab_number: string }>(columns: TableProps<T>['columns'], holds: Map<string, BillingHold>): TableProps<T>['columns'] {
  if (!holds.size || !columns) return columns;
  return columns.map((c) => {
    if (c.key !== 'lab' || !('render' in c) || !c.render) return c;
    const render = c.render;
    return {
      ...c,
      render: (value: unknown, row: T, index: number) => {
        const hold = holds.get(row.lab_number);
        return (
          <>
            {render(value, row, index) as ReactNode}
            {hold && (
              <div>
                <HoldNotice hold={hold} compact />
              </div>
            )}
          </>
        );
      },
    };
  });
}
