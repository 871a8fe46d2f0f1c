import { CHECKOUT_TARGETS, type CheckoutTarget } from '@nlims/contracts';
import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { todayLagos } from '../../shared/format/format';
import { DateInput } from '../../shared/forms/DateInput';
import { useLocations, usePeople, useReferenceList } from './api';

export const CHECKOUT_FIELDS = ['to', 'target', 'bench', 'user', 'location', 'expected_back', 'note'] as const;

export interface CheckOutValues {
  to: CheckoutTarget;
  target: number;
  expected_back?: string;
  note?: string;
}

/** The form's values as the API's body: the target under its own name (bench, user or location). */
export function checkOutBody(v: CheckOutValues) {
  return {
    bench: v.to === 'bench' ? v.target : null,
    user: v.to === 'user' ? v.target : null,
    location: v.to === 'location' ? v.target : null,
    expected_back: v.expected_back || null,
    note: v.note?.trim() ?? '',
  };
}

/** A 400 on `bench`, `user` or `location` belongs to the one target field the form shows. */
export const targetField = (name: string) => (name === 'bench' || name === 'user' || name === 'location' ? 'target' : name);

/** To whom or where (a bench, a person of the facility, a location), the expected return and a note. */
export function CheckOutFields() {
  const { t } = useTranslation('assets');
  const form = Form.useFormInstance();
  const to = Form.useWatch('to', form) as CheckoutTarget | undefined;
  const benches = useReferenceList('bench');
  const people = usePeople(to === 'user');
  const locations = useLocations();
  const options = (
    to === 'bench'
      ? (benches.data ?? []).filter((b) => b.is_active !== false)
      : to === 'user'
        ? (people.data ?? [])
        : (locations.data ?? []).filter((l) => l.is_active)
  ).map((r) => ({ value: r.id, label: r.name }));
  return (
    <>
      <Form.Item name="to" label={t('checkout.to')} rules={[{ required: true, message: t('form.required', { label: t('checkout.to') }) }]}>
        <Radio.Group
          optionType="button"
          options={CHECKOUT_TARGETS.map((k) => ({ value: k, label: t(`to.${k}`) }))}
          onChange={() => form.setFieldValue('target', undefined)}
        />
      </Form.Item>
      <Form.Item name="target" label={t(`to.${to ?? 'bench'}`)} rules={[{ required: true, message: t('form.required', { label: t(`to.${to ?? 'bench'}`) }) }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={benches.isPending || (to === 'user' && people.isPending) || locations.isPending}
          options={options}
          data-testid="checkout-target"
        />
      </Form.Item>
      <Form.Item name="expected_back" label={t('checkout.expectedBack')}>
        <DateInput min={todayLagos} />
      </Form.Item>
      <Form.Item name="note" label={t('checkout.note')}>
        <Input maxLength={500} dir="auto" />
      </Form.Item>
    </>
  );
}
