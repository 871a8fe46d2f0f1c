import { DownloadOutlined, EyeOutlined, PercentageOutlined, PrinterOutlined, RollbackOutlined, WalletOutlined } from '@ant-design/icons';
import type { InvoiceAdjustment, InvoiceDetail, InvoiceRefund, PaymentTaken } from '@nlims/contracts';
import { Alert, Button, Card, Descriptions, Empty, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/format';
import { downloadFile, printFile, viewFile } from '../../shared/files';
import { receiptPath } from './api';
import { DecisionButtons } from './DecisionButtons';
import { DecisionTag, InvoiceStateTag, MethodText, Money } from './labels';
import { PaymentDialog } from './PaymentDialog';
import { AdjustmentDialog, RefundDialog } from './RequestDialogs';

type Dialog = 'pay' | 'adjust' | 'refund' | null;

/** A receipt's PDF: print it, view it, or save it. */
export function ReceiptButtons({ paymentId, receipt, primary }: { paymentId: number; receipt: string; primary?: boolean }) {
  const { t } = useTranslation('billing');
  const [busy, setBusy] = useState<string | null>(null);
  const run = (kind: string, go: () => Promise<void>) => {
    setBusy(kind);
    go()
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  const path = receiptPath(paymentId);
  return (
    <span className="bill-receipt-buttons">
      <Button
        size="small"
        type={primary ? 'primary' : 'default'}
        icon={<PrinterOutlined />}
        loading={busy === 'print'}
        onClick={() => run('print', () => printFile(path))}
        aria-label={t('receipt.print', { number: receipt })}
      >
        {t('receipt.printShort')}
      </Button>
      <Tooltip title={t('receipt.view')}>
        <Button
          size="small"
          icon={<EyeOutlined />}
          loading={busy === 'view'}
          onClick={() => run('view', () => viewFile(path))}
          aria-label={t('receipt.view')}
        />
      </Tooltip>
      <Tooltip title={t('receipt.download')}>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={busy === 'download'}
          onClick={() => run('download', () => downloadFile(`${path}?download=1`, `receipt-${receipt}.pdf`))}
          aria-label={t('receipt.download')}
        />
      </Tooltip>
    </span>
  );
}

function adjustmentLabel(t: (key: string, o?: Record<string, unknown>) => string, a: InvoiceAdjustment) {
  if (a.kind === 'waiver') return t('adjust.waiver');
  return a.mode === 'percent' ? t('adjust.discountPercent', { percent: a.value }) : t('adjust.discount');
}

/** Who asked, when and why; who decided, when, and their note. */
function Decision({ r }: { r: InvoiceAdjustment | InvoiceRefund }) {
  const { t } = useTranslation('billing');
  return (
    <div className="bill-decision">
      <div>
        <DecisionTag state={r.state} /> <span dir="auto">{r.reason}</span>
      </div>
      <div className="bill-muted">
        {t('askedBy', { name: r.requested_by, at: formatDateTime(r.requested_at) })}
        {r.decided_by && ` · ${t(r.state === 'approved' ? 'approvedBy' : 'declinedBy', { name: r.decided_by, at: formatDateTime(r.decided_at) })}`}
        {r.decision_note && (
          <>
            {' · '}
            <span dir="auto">{r.decision_note}</span>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * One invoice whole: who and what, the lines (with refunds), discounts and waivers, payments with their receipts,
 * refunds, the balance; and what the caller may do now — take a payment, ask for a discount, waiver or refund,
 * approve or decline what others asked for.
 */
export function InvoicePanel({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('billing');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [taken, setTaken] = useState<PaymentTaken | null>(null);
  const owing = invoice.balance_kobo > 0;
  return (
    <div className="bill-invoice" data-testid="bill-invoice">
      <Card size="small" className="bill-card">
        <div className="bill-invoice__head">
          <div>
            <div className="bill-invoice__number">
              <bdi>{invoice.number}</bdi> <InvoiceStateTag state={invoice.state} />
            </div>
            <div className="bill-muted">
              {formatDateTime(invoice.created_at)} · {t(`app:program.${invoice.program}`, { defaultValue: invoice.program })}
              {invoice.created_by ? ` · ${invoice.created_by}` : ''}
            </div>
          </div>
          <div className="bill-balance" data-testid="bill-balance">
            <span className="bill-muted">{t('balance')}</span>
            <Money kobo={invoice.balance_kobo} className={owing ? 'bill-money--owing' : 'bill-money--settled'} />
          </div>
        </div>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} className="bill-facts">
          <Descriptions.Item label={t('client')}>
            <span dir="auto">{invoice.client_name}</span>
          </Descriptions.Item>
          {invoice.hospital_number && (
            <Descriptions.Item label={t('hospitalNumber')}>
              <bdi>{invoice.hospital_number}</bdi>
            </Descriptions.Item>
          )}
          {invoice.phone && (
            <Descriptions.Item label={t('phone')}>
              <bdi>{invoice.phone}</bdi>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('labNumber')}>
            <bdi className="clin-lab-number">{invoice.lab_number}</bdi>
          </Descriptions.Item>
        </Descriptions>
        <dl className="bill-sums">
          <div>
            <dt>{t('total')}</dt>
            <dd>
              <Money kobo={invoice.total_kobo} />
            </dd>
          </div>
          <div>
            <dt>{t('discounts')}</dt>
            <dd>
              <Money kobo={invoice.discount_kobo} />
            </dd>
          </div>
          <div>
            <dt>{t('paid')}</dt>
            <dd>
              <Money kobo={invoice.paid_kobo} />
            </dd>
          </div>
          {invoice.refunded_kobo > 0 && (
            <div>
              <dt>{t('refunded')}</dt>
              <dd>
                <Money kobo={invoice.refunded_kobo} />
              </dd>
            </div>
          )}
          <div className="bill-sums__balance">
            <dt>{t('balance')}</dt>
            <dd>
              <Money kobo={invoice.balance_kobo} strong />
            </dd>
          </div>
        </dl>
        {invoice.hold_until_paid && owing && <Alert type="warning" showIcon className="bill-alert" title={t('hold.invoice')} />}
        {taken && (
          <Alert
            type="success"
            showIcon
            className="bill-alert"
            data-testid="bill-taken"
            title={t('payment.takenTitle')}
            description={
              <div className="bill-taken">
                <span>
                  {t('payment.takenLine', { receipt: taken.receipt_number })} <Money kobo={taken.amount_kobo} strong />
                </span>
                <ReceiptButtons paymentId={taken.id} receipt={taken.receipt_number} primary />
              </div>
            }
            closable={{ onClose: () => setTaken(null) }}
          />
        )}
        <div className="bill-actions">
          {invoice.can.pay && (
            <Button type="primary" icon={<WalletOutlined />} onClick={() => setDialog('pay')} data-testid="bill-pay">
              {t('payment.take')}
            </Button>
          )}
          {invoice.can.adjust && (
            <Button icon={<PercentageOutlined />} onClick={() => setDialog('adjust')} data-testid="bill-adjust">
              {t('adjust.button')}
            </Button>
          )}
          {invoice.can.refund && (
            <Button icon={<RollbackOutlined />} onClick={() => setDialog('refund')} data-testid="bill-refund">
              {t('refund.button')}
            </Button>
          )}
        </div>
      </Card>

      <Card size="small" className="bill-card" title={t('lines')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={invoice.lines}
          columns={[
            { key: 'test', title: t('test'), render: (_, l) => <span dir="auto">{l.description}</span> },
            { key: 'amount', title: t('amount'), align: 'end', render: (_, l) => <Money kobo={l.amount_kobo} /> },
            {
              key: 'refunded',
              title: t('refunded'),
              align: 'end',
              render: (_, l) => (l.refunded_kobo ? <Money kobo={l.refunded_kobo} /> : '—'),
            },
          ]}
        />
      </Card>

      {invoice.adjustments.length > 0 && (
        <Card size="small" className="bill-card" title={t('adjustments')}>
          <ul className="bill-entries">
            {invoice.adjustments.map((a) => (
              <li key={a.id} data-testid={`bill-adjustment-${a.id}`}>
                <div className="bill-entry__head">
                  <strong>{adjustmentLabel(t, a)}</strong>
                  <Money kobo={a.amount_kobo} strong />
                </div>
                <Decision r={a} />
                {a.can_decide && <DecisionButtons target={{ type: 'adjustment', id: a.id }} what={adjustmentLabel(t, a)} amountKobo={a.amount_kobo} />}
              </li>
            ))}
          </ul>
        </Card>
      )}

      <Card size="small" className="bill-card" title={t('payments')}>
        {invoice.payments.length ? (
          <ul className="bill-entries">
            {invoice.payments.map((p) => (
              <li key={p.id} data-testid={`bill-payment-${p.id}`}>
                <div className="bill-entry__head">
                  <span>
                    <bdi className="bill-receipt">{p.receipt_number}</bdi> · <MethodText method={p.method} />
                    {p.scheme ? ` · ${p.scheme}` : ''}
                  </span>
                  <Money kobo={p.amount_kobo} strong />
                </div>
                <div className="bill-muted">
                  {formatDateTime(p.received_at)} · {p.received_by}
                  {p.reference && (
                    <>
                      {' · '}
                      {t(p.method === 'hmo' || p.method === 'nhia' ? 'authorisation' : 'reference')} <bdi>{p.reference}</bdi>
                    </>
                  )}
                </div>
                <ReceiptButtons paymentId={p.id} receipt={p.receipt_number} />
              </li>
            ))}
          </ul>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noPayments')} />
        )}
      </Card>

      {invoice.refunds.length > 0 && (
        <Card size="small" className="bill-card" title={t('refunds')}>
          <ul className="bill-entries">
            {invoice.refunds.map((r) => (
              <li key={r.id} data-testid={`bill-refund-${r.id}`}>
                <div className="bill-entry__head">
                  <span>
                    <strong dir="auto">{r.line_description}</strong> · <MethodText method={r.method} />
                  </span>
                  <Money kobo={r.amount_kobo} strong />
                </div>
                <Decision r={r} />
                {r.can_decide && <DecisionButtons target={{ type: 'refund', id: r.id }} what={t('refund.what')} amountKobo={r.amount_kobo} />}
              </li>
            ))}
          </ul>
        </Card>
      )}

      {dialog === 'pay' && (
        <PaymentDialog
          invoice={invoice}
          onClose={() => setDialog(null)}
          onTaken={(p) => {
            setTaken(p);
            setDialog(null);
          }}
        />
      )}
      {dialog === 'adjust' && <AdjustmentDialog invoice={invoice} onClose={() => setDialog(null)} />}
      {dialog === 'refund' && <RefundDialog invoice={invoice} onClose={() => setDialog(null)} />}
    </div>
  );
}
