import { BILLING_READ_ROLES, type BillingHold } from '@nlims/contracts';
import { SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess } from '../auth/useAccess';
import { type ReportHold, useReportHold } from './holds';
import { naira } from './money';
import './billing.css';

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

/**
 * A sample's report buttons (`children`), shown once its payment is known to be no obstacle: in their place
 * the hold and the way to its invoice, or the check still under way or failed. Fills the sample pages'
 * report-buttons slot.
 */
export function ReportHoldGate({ sampleId, children }: { sampleId: number; children: ReactNode }) {
  const hold = useReportHold(sampleId);
  if (hold.state === 'held') return <HoldNotice hold={hold.hold} />;
  if (hold.state !== 'free') return <HoldPending hold={hold} />;
  return <>{children}</>;
}
