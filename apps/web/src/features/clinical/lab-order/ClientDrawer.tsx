import { Alert, Button, Drawer, Form, Input, InputNumber, Radio, Segmented, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLET_UP, useMediaQuery } from '../../layout/useMediaQuery';
import { useCreateClient, useLgas, useOrderLookup, useReference } from '../api';
import { showServerErrors } from '../common/forms';
import { todayLagos } from '../common/format';
import type { Client } from '../types';
import { IdentifierList } from './IdentifierList';

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated: (client: Client) => void;
}

const FIELDS = ['first_name', 'last_name', 'other_names', 'sex', 'date_of_birth', 'estimated_age_years', 'phone', 'address', 'state', 'lga'] as const;

/** Register a client: names, sex, date of birth or estimated age, contact, place, identifiers. */
export function ClientDrawer({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation('clinical');
  const [form] = Form.useForm();
  const [dobMode, setDobMode] = useState<'dob' | 'age'>('dob');
  const [problems, setProblems] = useState<string[]>([]);
  const wide = useMediaQuery(TABLET_UP);
  const create = useCreateClient();
  const lookup = useOrderLookup();
  const states = useReference('state');
  const state = Form.useWatch('state', form) as number | undefined;
  const lgas = useLgas(state);
  const hospitalType = lookup.data?.identifier_types.find((i) => i.code === 'HOSP')?.id;

  const submit = async (values: Record<string, unknown>) => {
    setProblems([]);
    const identifiers = ((values.identifiers as { identifier_type?: number; identifier?: string }[]) ?? []).filter(
      (i) => i.identifier_type && i.identifier?.trim(),
    );
    const body = {
      ...values,
      identifiers,
      date_of_birth: dobMode === 'dob' ? values.date_of_birth || null : null,
      estimated_age_years: dobMode === 'age' ? (values.estimated_age_years ?? null) : null,
      state: values.state ?? null,
      lga: values.lga ?? null,
    };
    try {
      const client = await create.mutateAsync(body);
      onCreated(client);
      form.resetFields();
      onClose();
    } catch (error) {
      setProblems(showServerErrors(form, error, FIELDS));
    }
  };

  return (
    <Drawer open={open} onClose={onClose} title={t('client.registerTitle')} size={wide ? 520 : '100%'} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark
        initialValues={{ sex: undefined, identifiers: [{ identifier_type: hospitalType, identifier: '' }] }}
      >
        <Form.Item
          name="first_name"
          label={t('client.firstName')}
          rules={[{ required: true, whitespace: true, message: t('validation.required', { label: t('client.firstName') }) }]}
        >
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="last_name"
          label={t('client.lastName')}
          rules={[{ required: true, whitespace: true, message: t('validation.required', { label: t('client.lastName') }) }]}
        >
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <Form.Item name="other_names" label={t('client.otherNames')}>
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <Form.Item name="sex" label={t('client.sex')} rules={[{ required: true, message: t('validation.required', { label: t('client.sex') }) }]}>
          <Radio.Group
            options={[
              { value: 'female', label: t('sex.female') },
              { value: 'male', label: t('sex.male') },
            ]}
          />
        </Form.Item>
        <Segmented
          block
          value={dobMode}
          onChange={setDobMode}
          options={[
            { value: 'dob', label: t('client.dateOfBirth') },
            { value: 'age', label: t('client.estimatedAge') },
          ]}
          style={{ marginBottom: 12 }}
        />
        {dobMode === 'dob' ? (
          <Form.Item
            name="date_of_birth"
            label={t('client.dateOfBirth')}
            rules={[{ required: true, message: t('validation.required', { label: t('client.dateOfBirth') }) }]}
          >
            <Input type="date" max={todayLagos()} />
          </Form.Item>
        ) : (
          <Form.Item
            name="estimated_age_years"
            label={t('client.estimatedAgeYears')}
            rules={[{ required: true, message: t('validation.required', { label: t('client.estimatedAgeYears') }) }]}
          >
            <InputNumber min={0} max={130} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="phone" label={t('client.phone')} rules={[{ pattern: /^[+0-9 ()-]*$/, message: t('client.phoneInvalid') }]}>
          <Input type="tel" autoComplete="off" maxLength={20} />
        </Form.Item>
        <Form.Item name="address" label={t('client.address')}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={300} />
        </Form.Item>
        <Form.Item name="state" label={t('client.state')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={states.isPending}
            options={(states.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            onChange={() => form.setFieldValue('lga', undefined)}
          />
        </Form.Item>
        <Form.Item name="lga" label={t('client.lga')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            disabled={state == null}
            loading={lgas.isFetching}
            options={(lgas.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
          />
        </Form.Item>
        <IdentifierList types={lookup.data?.identifier_types ?? []} />
        {problems.length > 0 && <Alert type="error" showIcon title={problems.join('\n')} style={{ marginBottom: 12, whiteSpace: 'pre-line' }} />}
        <div className="clin-form-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('client.save')}
          </Button>
        </div>
      </Form>
    </Drawer>
  );
}
