import type { BillingApproval } from '@nlims/contracts';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../shared/page/LoadError';
import { formatDateTime } from '../../shared/format/format';
import { useApprovals } from './api';
import { DecisionButtons } from './DecisionButtons';
import { Money } from './labels';

/** What a request is, in words: "Discount (10 %)", "Waiver", "Refund". */
export function approvalWhat(t: (key: string, o?: Record<string, unknown>) => string, a: BillingApproval): string {
  if (a.kind === 'refund') return t('refund.what');
  if (a.kind === 'waiver') return t('adjust.waiver');
  return a.percent != null ? t('adjust.discountPercent', { percent: a.percent }) : t('adjust.discount');
}

/** Discounts, waivers and refunds awaiting a decision, oldest first; an approver who did not ask decides here. */
export function ApprovalsList() {
  const { t } = useTranslation('billing');
  const list = useApprovals();
  if (list.error && !list.data) return <LoadError title={t('list.error')} error={list.error} onRetry={() => void list.refetch()} />;
  const rows = list.data ?? [];
  return (
    <Spin spinning={list.isFetching}>
      {rows.length ? (
        <ul className="bill-entries bill-approvals" data-testid="bill-approvals">
          {rows.map((a) => (
            <li key={`${a.type}-${a.id}`} data-testid={`bill-approval-${a.type}-${a.id}`}>
              <div className="bill-entry__head">
                <span>
                  <strong>{approvalWhat(t, a)}</strong> · <Link to={`/payment-details?invoice=${a.invoice}`}>{a.invoice_number}</Link> ·{' '}
                  <span dir="auto">{a.client_name}</span> · <bdi>{a.lab_number}</bdi>
                </span>
                <Money kobo={a.amount_kobo} strong />
              </div>
              <div dir="auto">{a.reason}</div>
              <div className="bill-muted">
                {t('askedBy', { name: a.requested_by, at: formatDateTime(a.requested_at) })} · {t('balance')} <Money kobo={a.balance_kobo} />
              </div>
              {a.can_decide ? (
                <DecisionButtons target={{ type: a.type, id: a.id }} what={approvalWhat(t, a)} amountKobo={a.amount_kobo} />
              ) : (
                <div className="bill-muted">{t('approvals.notYours')}</div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('approvals.none')} />
      )}
    </Spin>
  );
}
