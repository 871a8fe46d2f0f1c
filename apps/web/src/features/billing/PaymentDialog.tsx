import { type InvoiceDetail, PAYMENT_METHODS, type PaymentMethod, type PaymentTaken, paymentBody, SCHEME_METHODS } from '@nlims/contracts';
import { Alert, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../api/client';
import { ApiError } from '../../api/errors';
import { showOnFields } from '../../shared/forms/serverErrors';
import { useTakePayment } from './api';
import { Money } from './labels';
import { naira, toKobo, toNaira } from './money';

interface Values {
  method: PaymentMethod;
  amount: number | null;
  reference?: string;
  scheme?: string;
}

/** The body's field names as the form names them (the amount is typed in naira, sent in kobo). */
const FIELD_OF: Record<string, string> = { amount_kobo: 'amount' };

/**
 * Take a payment: the method, the amount in naira (the balance by default), and what the method needs — a POS
 * terminal's or transfer's reference, an HMO's or NHIA's scheme and authorisation code. Its Idempotency-Key is kept
 * until the server answers, so sending again after a lost reply takes the payment once.
 */
export function PaymentDialog({ invoice, onClose, onTaken }: { invoice: InvoiceDetail; onClose: () => void; onTaken: (taken: PaymentTaken) => void }) {
  const { t } = useTranslation('billing');
  const [form] = Form.useForm<Values>();
  const take = useTakePayment(invoice.id);
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const method = Form.useWatch('method', form) ?? 'cash';
  const scheme = SCHEME_METHODS.includes(method);
  const submit = async (v: Values) => {
    setProblem(null);
    const body = { method: v.method, amount_kobo: toKobo(v.amount), reference: v.reference?.trim() ?? '', scheme: scheme ? (v.scheme?.trim() ?? '') : '' };
    // The contracts' checks first, named on the form's fields, as the server would name them.
    const checked = paymentBody.safeParse(body);
    if (!checked.success) {
      form.setFields(checked.error.issues.map((i) => ({ name: (FIELD_OF[String(i.path[0])] ?? String(i.path[0])) as keyof Values, errors: [i.message] })));
      return;
    }
    try {
      const taken = await take.mutateAsync({ body: checked.data, key });
      onTaken(taken);
    } catch (error) {
      // A refusal took nothing: the next try is a new request. A lost reply keeps its key, so a retry is not taken twice.
      if (error instanceof ApiError && error.status < 500) setKey(newIdempotencyKey());
      if (error instanceof ApiError && error.fieldErrors) {
        const renamed = new ApiError(400, Object.fromEntries(Object.entries(error.fieldErrors).map(([k, m]) => [FIELD_OF[k] ?? k, m])), error.message);
        const rest = showOnFields(form, renamed, ['method', 'amount', 'reference', 'scheme']);
        setProblem(rest.length ? rest.join('\n') : null);
      } else setProblem(error instanceof ApiError ? (error.detail ?? error.message) : t('payment.failed'));
    }
  };
  const referenceLabel = t(`payment.reference.${method}`, { defaultValue: t('payment.reference.pos') });
  return (
    <Modal
      open
      title={t('payment.title', { number: invoice.number })}
      okText={t('payment.take')}
      cancelText={t('cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'bill-payment', loading: take.isPending, 'data-testid': 'bill-payment-ok' } as never}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="bill-dialog-context">
        {invoice.client_name} · <bdi>{invoice.lab_number}</bdi> · {t('balance')} <Money kobo={invoice.balance_kobo} strong />
      </p>
      <Form<Values>
        id="bill-payment"
        form={form}
        layout="vertical"
        initialValues={{ method: 'cash', amount: toNaira(invoice.balance_kobo) }}
        onFinish={submit}
        onValuesChange={() => setProblem(null)}
      >
        <Form.Item name="method" label={t('payment.method')} rules={[{ required: true, message: t('required') }]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            className="bill-methods"
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('payment.amount')}
          extra={t('payment.atMost', { amount: naira(invoice.balance_kobo) })}
          rules={[{ required: true, message: t('required') }]}
        >
          <InputNumber<number> min={0.01} step={100} precision={2} prefix="₦" className="bill-amount" inputMode="decimal" />
        </Form.Item>
        {scheme && (
          <Form.Item name="scheme" label={t('payment.scheme')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
            <Input dir="auto" maxLength={100} placeholder={method === 'nhia' ? t('payment.schemeNhia') : t('payment.schemeHmo')} />
          </Form.Item>
        )}
        {method !== 'cash' && (
          <Form.Item name="reference" label={referenceLabel} rules={[{ required: true, whitespace: true, message: t('required') }]}>
            <Input dir="auto" maxLength={100} autoComplete="off" />
          </Form.Item>
        )}
        {problem && <Alert type="error" showIcon title={problem} className="bill-alert" />}
      </Form>
    </Modal>
  );
}
