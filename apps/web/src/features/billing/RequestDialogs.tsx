import { type AdjustmentKind, adjustmentBody, type DiscountMode, discountAmount, type InvoiceDetail, REFUND_METHODS, refundBody } from '@nlims/contracts';
import { Alert, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { showOnFields } from '../../shared/forms/serverErrors';
import { useRequestAdjustment, useRequestRefund } from './api';
import { Money } from './labels';
import { naira, toKobo, toNaira } from './money';

/** A server's 400 on the form's fields (renamed where the form calls a field otherwise); what is left, as lines. */
function showProblem(form: Parameters<typeof showOnFields>[0], error: unknown, fields: string[], rename: Record<string, string> = {}): string | null {
  if (!(error instanceof ApiError)) return String(error);
  if (!error.fieldErrors) return error.detail ?? error.message;
  const renamed = new ApiError(400, Object.fromEntries(Object.entries(error.fieldErrors).map(([k, m]) => [rename[k] ?? k, m])), error.message);
  const rest = showOnFields(form, renamed, fields);
  return rest.length ? rest.join('\n') : null;
}

interface AdjustmentValues {
  kind: AdjustmentKind;
  mode: DiscountMode;
  percent?: number;
  amount?: number;
  reason?: string;
}

/** Ask for a discount (a percentage of the total, or an amount in naira) or a waiver of the rest, with the reason. */
export function AdjustmentDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const [form] = Form.useForm<AdjustmentValues>();
  const ask = useRequestAdjustment(invoice.id);
  const [problem, setProblem] = useState<string | null>(null);
  const kind = Form.useWatch('kind', form) ?? 'discount';
  const mode = Form.useWatch('mode', form) ?? 'percent';
  const percent = Form.useWatch('percent', form);
  const amount = Form.useWatch('amount', form);
  const value = mode === 'percent' ? (percent ?? null) : toKobo(amount);
  const comes = kind === 'waiver' ? invoice.balance_kobo : value ? discountAmount(mode, value, invoice.total_kobo) : null;
  const submit = async (v: AdjustmentValues) => {
    setProblem(null);
    const body =
      v.kind === 'waiver'
        ? { kind: v.kind, reason: v.reason ?? '' }
        : { kind: v.kind, mode: v.mode, value: v.mode === 'percent' ? v.percent : toKobo(v.amount), reason: v.reason ?? '' };
    const field = v.mode === 'percent' ? 'percent' : 'amount';
    const checked = adjustmentBody.safeParse(body);
    if (!checked.success) {
      form.setFields(checked.error.issues.map((i) => ({ name: (i.path[0] === 'value' ? field : String(i.path[0])) as never, errors: [i.message] })));
      return;
    }
    try {
      await ask.mutateAsync(checked.data);
      onClose();
    } catch (error) {
      setProblem(showProblem(form, error, ['kind', 'mode', 'percent', 'amount', 'reason'], { value: field }));
    }
  };
  return (
    <Modal
      open
      title={t('adjust.title', { number: invoice.number })}
      okText={t('adjust.ask')}
      cancelText={t('cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'bill-adjust', loading: ask.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="bill-dialog-context">
        {t('total')} <Money kobo={invoice.total_kobo} /> · {t('balance')} <Money kobo={invoice.balance_kobo} strong />
      </p>
      <Form<AdjustmentValues> id="bill-adjust" form={form} layout="vertical" initialValues={{ kind: 'discount', mode: 'percent' }} onFinish={submit}>
        <Form.Item name="kind" label={t('adjust.kind')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'discount', label: t('adjust.discount') },
              { value: 'waiver', label: t('adjust.waiver') },
            ]}
          />
        </Form.Item>
        {kind === 'discount' && (
          <>
            <Form.Item name="mode" label={t('adjust.mode')}>
              <Radio.Group
                options={[
                  { value: 'percent', label: t('adjust.percent') },
                  { value: 'amount', label: t('adjust.amount') },
                ]}
              />
            </Form.Item>
            {mode === 'percent' ? (
              <Form.Item name="percent" label={t('adjust.percentLabel')} rules={[{ required: true, message: t('required') }]}>
                <InputNumber<number> min={1} max={100} precision={0} suffix="%" className="bill-amount" inputMode="numeric" />
              </Form.Item>
            ) : (
              <Form.Item name="amount" label={t('adjust.amountLabel')} rules={[{ required: true, message: t('required') }]}>
                <InputNumber<number> min={0.01} precision={2} prefix="₦" className="bill-amount" inputMode="decimal" />
              </Form.Item>
            )}
          </>
        )}
        {comes != null && (
          <p className={`bill-preview${comes > invoice.balance_kobo ? ' bill-preview--over' : ''}`} data-testid="bill-adjust-preview">
            {kind === 'waiver' ? t('adjust.waiverComes', { amount: naira(comes) }) : t('adjust.discountComes', { amount: naira(comes) })}
          </p>
        )}
        <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
          <Input.TextArea dir="auto" autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
        </Form.Item>
        <p className="bill-muted">{t('adjust.approval')}</p>
        {problem && <Alert type="error" showIcon title={problem} className="bill-alert" />}
      </Form>
    </Modal>
  );
}

interface RefundValues {
  line?: number;
  amount?: number;
  method: (typeof REFUND_METHODS)[number];
  reason?: string;
}

/** Ask to refund (part of) one line: at most what was paid towards it and not yet refunded. */
export function RefundDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const [form] = Form.useForm<RefundValues>();
  const ask = useRequestRefund(invoice.id);
  const [problem, setProblem] = useState<string | null>(null);
  const refundable = invoice.lines.filter((l) => l.refundable_kobo > 0);
  const first = refundable[0];
  const lineId = Form.useWatch('line', form);
  const line = invoice.lines.find((l) => l.id === lineId);
  const submit = async (v: RefundValues) => {
    setProblem(null);
    const checked = refundBody.safeParse({ line: v.line, amount_kobo: toKobo(v.amount), method: v.method, reason: v.reason ?? '' });
    if (!checked.success) {
      form.setFields(checked.error.issues.map((i) => ({ name: (i.path[0] === 'amount_kobo' ? 'amount' : String(i.path[0])) as never, errors: [i.message] })));
      return;
    }
    try {
      await ask.mutateAsync(checked.data);
      onClose();
    } catch (error) {
      setProblem(showProblem(form, error, ['line', 'amount', 'method', 'reason'], { amount_kobo: 'amount' }));
    }
  };
  return (
    <Modal
      open
      title={t('refund.title', { number: invoice.number })}
      okText={t('refund.ask')}
      cancelText={t('cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'bill-refund', loading: ask.isPending, disabled: !first }}
      onCancel={onClose}
      destroyOnHidden
    >
      {!first ? (
        <Alert type="info" showIcon title={t('refund.nothing')} />
      ) : (
        <Form<RefundValues>
          id="bill-refund"
          form={form}
          layout="vertical"
          initialValues={{ line: first.id, amount: toNaira(first.refundable_kobo), method: 'cash' }}
          onFinish={submit}
          onValuesChange={(change: Partial<RefundValues>) => {
            const chosen = invoice.lines.find((l) => l.id === change.line);
            if (chosen) form.setFieldValue('amount', toNaira(chosen.refundable_kobo));
          }}
        >
          <Form.Item name="line" label={t('refund.line')} rules={[{ required: true, message: t('required') }]}>
            <Select options={refundable.map((l) => ({ value: l.id, label: `${l.description} (${naira(l.amount_kobo)})` }))} />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('refund.amount')}
            extra={line ? t('refund.atMost', { amount: naira(line.refundable_kobo) }) : undefined}
            rules={[{ required: true, message: t('required') }]}
          >
            <InputNumber<number> min={0.01} precision={2} prefix="₦" className="bill-amount" inputMode="decimal" />
          </Form.Item>
          <Form.Item name="method" label={t('refund.method')}>
            <Radio.Group options={REFUND_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))} />
          </Form.Item>
          <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
            <Input.TextArea dir="auto" autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
          </Form.Item>
          <p className="bill-muted">{t('refund.approval')}</p>
          {problem && <Alert type="error" showIcon title={problem} className="bill-alert" />}
        </Form>
      )}
    </Modal>
  );
}
