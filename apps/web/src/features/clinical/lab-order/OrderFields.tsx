import { PRIORITIES } from '@nlims/contracts';
import { Card, Form, Input, Radio } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ClientPicker } from './ClientPicker';
import { TestPicker } from './TestPicker';

/* The order fields that the lab order and the retrospective entry share. */

/** The client the order is for: found, or registered on the spot. */
export function ClientCard() {
  const { t } = useTranslation('clinical');
  return (
    <Card title={t('labOrder.client')}>
      <Form.Item name="client" rules={[{ required: true, message: t('labOrder.clientRequired') }]} style={{ marginBottom: 0 }}>
        <ClientPicker />
      </Form.Item>
    </Card>
  );
}

export function PriorityField() {
  const { t } = useTranslation('clinical');
  return (
    <Form.Item name="priority" label={t('labOrder.priority')}>
      <Radio.Group optionType="button" buttonStyle="solid" options={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))} />
    </Form.Item>
  );
}

export function ClinicianField() {
  const { t } = useTranslation('clinical');
  return (
    <Form.Item name="requesting_clinician" label={t('labOrder.clinician')}>
      <Input maxLength={150} autoComplete="off" />
    </Form.Item>
  );
}

export function NotesField() {
  const { t } = useTranslation('clinical');
  return (
    <Form.Item name="clinical_notes" label={t('labOrder.notes')} style={{ marginBottom: 0 }}>
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
    </Form.Item>
  );
}

/** The tests and panels to order, at least one. */
export function TestsCard(props: ComponentProps<typeof TestPicker>) {
  const { t } = useTranslation('clinical');
  return (
    <Card title={t('labOrder.tests')} style={{ marginTop: 16 }}>
      <Form.Item name="test_types" rules={[{ type: 'array', min: 1, message: t('labOrder.testsRequired') }]} style={{ marginBottom: 0 }}>
        <TestPicker {...props} />
      </Form.Item>
    </Card>
  );
}
