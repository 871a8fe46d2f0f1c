import { Alert, Button, Drawer, Form, Input, InputNumber, Radio, Segmented, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../api/forms';
import { useLgas, useReference } from '../clinical/api';
import { ageOf, todayLagos } from '../../shared/format/format';
import { DateInput } from '../../shared/forms/DateInput';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { useSaveClient } from './api';
import { IdentifierList } from './IdentifierList';
import { ClientNotifyFields } from '../notifications/ContactFields';
import type { ClientRecord } from './types';
import './clients.css';

interface Props {
  open: boolean;
  /** The client to edit; without one, a new client is registered. */
  client?: ClientRecord | null;
  onClose: () => void;
  onSaved?: (client: ClientRecord) => void;
}

/**
 * The one client form: register a client (names, sex, date of birth or
 * estimated age, contact, place, identifiers) or edit one. Used by the
 * client register and by the lab order's client picker.
 */
export function ClientDrawer({ open, client, onClose, onSaved }: Props) {
  const { t } = useTranslation('clients');
  const wide = useMediaQuery(TABLET_UP);
  return (
    <Drawer open={open} onClose={onClose} title={client ? t('form.editTitle') : t('form.registerTitle')} size={wide ? 520 : '100%'} destroyOnHidden>
      {open && <ClientForm client={client ?? null} onClose={onClose} onSaved={onSaved} />}
    </Drawer>
  );
}

type IdentifierRow = { identifier_type?: number; identifier?: string };

/** The estimated age in whole years a stored estimated date of birth stands for. */
const estimatedYears = (client: ClientRecord) => {
  const age = ageOf(client.date_of_birth);
  return age?.unit === 'years' ? age.count : 0;
};

function initialValues(client: ClientRecord | null, hospitalType: number | undefined) {
  if (!client) return { identifiers: [{ identifier_type: hospitalType, identifier: '' }] };
  return {
    first_name: client.first_name,
    last_name: client.last_name,
    other_names: client.other_names,
    sex: client.sex,
    date_of_birth: client.dob_estimated ? undefined : (client.date_of_birth ?? undefined),
    estimated_age_years: client.dob_estimated ? estimatedYears(client) : undefined,
    phone: client.phone,
    email: client.email,
    language: client.language,
    notify_consent: client.notify_consent,
    address: client.address,
    state: client.state ?? undefined,
    lga: client.lga ?? undefined,
    identifiers: client.identifiers.length
      ? client.identifiers.map((i) => ({ identifier_type: i.identifier_type, identifier: i.identifier }))
      : [{ identifier_type: hospitalType, identifier: '' }],
  };
}

function ClientForm({ client, onClose, onSaved }: { client: ClientRecord | null; onClose: () => void; onSaved?: (client: ClientRecord) => void }) {
  const { t } = useTranslation('clients');
  const [form] = Form.useForm();
  const [dobMode, setDobMode] = useState<'dob' | 'age'>(client?.dob_estimated ? 'age' : 'dob');
  const [problems, setProblems] = useState<string[]>([]);
  const save = useSaveClient();
  const identifierTypes = useReference<{ id: number; name: string; code?: string; is_active?: boolean }>('client_identifier_type');
  const states = useReference('state');
  const state = Form.useWatch('state', form) as number | undefined;
  const lgas = useLgas(state);
  const types = (identifierTypes.data ?? []).filter((i) => i.is_active !== false);
  const hospitalType = types.find((i) => i.code === 'HOSP')?.id;
  // The first identifier row of a new client is a hospital number, once the types have come.
  useEffect(() => {
    const rows = form.getFieldValue('identifiers') as IdentifierRow[] | undefined;
    if (hospitalType != null && rows?.length === 1 && rows[0]?.identifier_type == null && !rows[0]?.identifier)
      form.setFieldValue(['identifiers', 0, 'identifier_type'], hospitalType);
  }, [form, hospitalType]);

  const submit = async (values: Record<string, unknown>) => {
    setProblems([]);
    const identifiers = ((values.identifiers as IdentifierRow[]) ?? []).filter((i) => i.identifier_type && i.identifier?.trim());
    const body: Record<string, unknown> = {
      ...values,
      identifiers,
      date_of_birth: dobMode === 'dob' ? values.date_of_birth || null : null,
      estimated_age_years: dobMode === 'age' ? (values.estimated_age_years ?? null) : null,
      state: values.state ?? null,
      lga: values.lga ?? null,
    };
    // An estimated age left as it was keeps the stored date, rather than moving it to today's day and month.
    if (client?.dob_estimated && dobMode === 'age' && values.estimated_age_years === estimatedYears(client)) {
      delete body.date_of_birth;
      delete body.estimated_age_years;
    }
    try {
      const saved = await save.mutateAsync({ id: client?.id, body });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const leftover = applyFieldErrors(form, error);
      setProblems(
        Object.entries(leftover).map(([field, messages]) =>
          field === 'non_field_errors' ? messages.join(', ') : `${t(`field.${field}`, { defaultValue: field })}: ${messages.join(', ')}`,
        ),
      );
    }
  };

  const required = (label: string) => [{ required: true, whitespace: true, message: t('validation.required', { label }) }];
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark initialValues={initialValues(client, hospitalType)} className="client-form">
      <Form.Item name="first_name" label={t('field.first_name')} rules={required(t('field.first_name'))}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="last_name" label={t('field.last_name')} rules={required(t('field.last_name'))}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="other_names" label={t('field.other_names')}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="sex" label={t('field.sex')} rules={[{ required: true, message: t('validation.required', { label: t('field.sex') }) }]}>
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
          { value: 'dob', label: t('field.date_of_birth') },
          { value: 'age', label: t('form.estimatedAge') },
        ]}
        style={{ marginBottom: 12 }}
      />
      {dobMode === 'dob' ? (
        <Form.Item
          name="date_of_birth"
          label={t('field.date_of_birth')}
          rules={[{ required: true, message: t('validation.required', { label: t('field.date_of_birth') }) }]}
        >
          <DateInput max={todayLagos} />
        </Form.Item>
      ) : (
        <Form.Item
          name="estimated_age_years"
          label={t('field.estimated_age_years')}
          rules={[{ required: true, message: t('validation.required', { label: t('field.estimated_age_years') }) }]}
        >
          <InputNumber min={0} max={130} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      )}
      <Form.Item name="phone" label={t('field.phone')} rules={[{ pattern: /^[+0-9 ()-]*$/, message: t('validation.phone') }]}>
        <Input type="tel" autoComplete="off" maxLength={20} />
      </Form.Item>
      <ClientNotifyFields />
      <Form.Item name="address" label={t('field.address')}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={300} />
      </Form.Item>
      <Form.Item name="state" label={t('field.state')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={states.isPending}
          options={(states.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          onChange={() => form.setFieldValue('lga', undefined)}
        />
      </Form.Item>
      <Form.Item name="lga" label={t('field.lga')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          disabled={state == null}
          loading={lgas.isFetching}
          options={(lgas.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
        />
      </Form.Item>
      <IdentifierList types={types} />
      {problems.length > 0 && <Alert type="error" showIcon title={problems.join('\n')} style={{ marginBottom: 12, whiteSpace: 'pre-line' }} />}
      <div className="client-form__actions">
        <Button onClick={onClose}>{t('action.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('action.save')}
        </Button>
      </div>
    </Form>
  );
}
