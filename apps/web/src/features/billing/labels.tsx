import type { DecisionState, InvoiceState, PaymentMethod } from '@nlims/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { naira } from './money';

const STATE_COLOURS: Record<InvoiceState, string> = {
  pending: 'orange',
  partially_paid: 'gold',
  paid: 'green',
  waived: 'blue',
  cancelled: 'default',
};

/** An amount in naira, kept left to right in Arabic (₦1,234.50 reads the same everywhere). */
export function Money({ kobo, strong, className }: { kobo: number; strong?: boolean; className?: string }) {
  const text = (
    <bdi dir="ltr" className={`bill-money${className ? ` ${className}` : ''}`}>
      {naira(kobo)}
    </bdi>
  );
  return strong ? <strong>{text}</strong> : text;
}

export function InvoiceStateTag({ state }: { state: InvoiceState }) {
  const { t } = useTranslation('billing');
  return (
    <Tag color={STATE_COLOURS[state]} className="bill-tag">
      {t(`state.${state}`)}
    </Tag>
  );
}

export function DecisionTag({ state }: { state: DecisionState }) {
  const { t } = useTranslation('billing');
  return (
    <Tag color={state === 'approved' ? 'green' : state === 'declined' ? 'red' : 'orange'} className="bill-tag">
      {t(`decision.${state}`)}
    </Tag>
  );
}

export function MethodText({ method }: { method: PaymentMethod | string }) {
  const { t } = useTranslation('billing');
  return <>{t(`method.${method}`)}</>;
}
