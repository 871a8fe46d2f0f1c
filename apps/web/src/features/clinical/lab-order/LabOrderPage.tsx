import { Alert, Button, Card, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../pages/pageProps';
import { useCreateOrder, useOrderLookup } from '../api';
import { ClinicalPage } from '../common/ClinicalPage';
import { showServerErrors } from '../common/forms';
import type { OrderCreated } from '../types';
import { OrderSaved } from './OrderSaved';
import { ClientCard, ClinicianField, NotesField, PriorityField, TestsCard } from './OrderFields';

const FIELDS = ['client', 'test_types', 'priority', 'requesting_clinician', 'clinical_notes'] as const;

/** Order tests for a client: find or register the client, pick tests and panels, priority and the requesting clinician. */
export default function LabOrderPage({ page }: PageProps) {
  const { t } = useTranslation('clinical');
  const [form] = Form.useForm();
  const lookup = useOrderLookup();
  const create = useCreateOrder();
  const [saved, setSaved] = useState<OrderCreated | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const submit = async (values: Record<string, unknown>) => {
    setProblems([]);
    try {
      const order = await create.mutateAsync(values);
      // Reset while the form is still mounted, so the next order starts empty.
      form.resetFields();
      setSaved(order);
    } catch (error) {
      setProblems(showServerErrors(form, error, FIELDS));
    }
  };

  if (saved) {
    return (
      <ClinicalPage page={page}>
        <Card>
          <OrderSaved order={saved} onNew={() => setSaved(null)} />
        </Card>
      </ClinicalPage>
    );
  }
  return (
    <ClinicalPage page={page}>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ priority: 'routine', test_types: [] }} className="lab-order">
        <div className="clin-grid-2">
          <ClientCard />
          <Card title={t('labOrder.details')}>
            <PriorityField />
            <ClinicianField />
            <NotesField />
          </Card>
        </div>
        <TestsCard tests={lookup.data?.tests ?? []} loading={lookup.isPending} />
        {problems.length > 0 && <Alert type="error" showIcon title={problems.join('\n')} style={{ marginTop: 16, whiteSpace: 'pre-line' }} />}
        <div className="clin-form-actions" style={{ marginTop: 16 }}>
          <Button onClick={() => form.resetFields()}>{t('common.clear')}</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('labOrder.save')}
          </Button>
        </div>
      </Form>
    </ClinicalPage>
  );
}
