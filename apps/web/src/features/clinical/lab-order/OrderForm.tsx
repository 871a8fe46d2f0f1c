import { Alert, Button, Card, Form } from 'antd';
import { requestFormSpecOf } from '@nlims/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateOrder, useOrderLookup } from '../api';
import { showServerErrors } from '../../../shared/forms/forms';
import { useProgramme } from '../programme';
import { checkRequestForm, requestFormFields } from '../request-form/check';
import { SpecFields } from '../request-form/SpecFields';
import type { OrderCreated } from '../types';
import { ClientCard, ClinicianField, NotesField, PriorityField, TestsCard } from './OrderFields';
import { Slot } from '../../../shared/registry';
import { ORDER_CLINICIAN_FIELDS, ORDER_FORM_SECTIONS } from '../slots';

const FIELDS = ['client', 'test_types', 'priority', 'requesting_clinician', 'clinician_phone', 'clinician_email', 'clinical_notes'] as const;

/**
 * An order for the selected programme: find or register the client, the
 * order's details, the programme's request form (TB: the presumptive-TB
 * form), and the tests and panels. The request form is checked with the
 * contracts' schema before it is sent; the server's errors land under their
 * fields, `form.<field>` included. General's lab-order page and the other
 * programmes' "New request" drawer both use it.
 */
export function OrderForm({ onSaved }: { onSaved: (order: OrderCreated) => void }) {
  const { t } = useTranslation(['clinical', 'tb']);
  const programme = useProgramme();
  const [form] = Form.useForm();
  const lookup = useOrderLookup(programme);
  const create = useCreateOrder(programme);
  const [problems, setProblems] = useState<string[]>([]);
  const general = programme.family === 'general';
  const spec = requestFormSpecOf(programme.name);
  const visible = [...FIELDS, ...requestFormFields(programme.name).map((f) => `form.${f}`)];

  const submit = async ({ form: request, ...values }: Record<string, unknown>) => {
    setProblems([]);
    const checked = checkRequestForm(programme.name, request as Record<string, unknown> | undefined, t);
    if ('errors' in checked) {
      form.setFields(checked.errors);
      form.scrollToField(checked.errors[0]!.name, { block: 'center' });
      return;
    }
    try {
      const order = await create.mutateAsync({ ...values, form: checked.form });
      // Reset while the form is still mounted, so the next order starts empty.
      form.resetFields();
      onSaved(order);
    } catch (error) {
      setProblems(showServerErrors(form, error, visible));
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={{ priority: 'routine', test_types: [] }} className="lab-order" scrollToFirstError>
      <div className="clin-grid-2">
        <ClientCard />
        <Card title={t('labOrder.details')}>
          <PriorityField />
          <ClinicianField />
          <Slot slot={ORDER_CLINICIAN_FIELDS} />
          <NotesField />
        </Card>
      </div>
      <Slot slot={ORDER_FORM_SECTIONS} programme={programme} />
      {spec && <SpecFields spec={spec} />}
      <TestsCard tests={(lookup.data?.tests ?? []).filter((x) => x.is_active !== false)} loading={lookup.isPending} panelsOnly={!general} priced={general} />
      {problems.length > 0 && <Alert type="error" showIcon title={problems.join('\n')} style={{ marginTop: 16, whiteSpace: 'pre-line' }} />}
      <div className="clin-form-actions" style={{ marginTop: 16 }}>
        <Button onClick={() => form.resetFields()}>{t('common.clear')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t(general ? 'labOrder.save' : 'labOrder.saveRequest')}
        </Button>
      </div>
    </Form>
  );
}
