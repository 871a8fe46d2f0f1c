import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { type OfflineReference, type OfflineRegistrationBody, provisionalNumber } from '@nlims/contracts';
import { Alert, Button, Card, Form, Input, InputNumber, List, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../api/client';
import { formatDateTime } from '../../shared/format/format';
import { type DraftRequest, RequestEditor } from './RequestEditor';
import { type OfflineRecord, putRecord, takeCounters } from './store';

interface ClientValues {
  mode: 'new' | 'existing';
  existing?: number;
  first_name?: string;
  last_name?: string;
  sex?: 'male' | 'female';
  estimated_age_years?: number;
  phone?: string;
}

/**
 * One offline record: the client (new, or one of the facility's clients copied
 * to the device) and the requests added below, each one collected sample. On
 * save every sample takes the device's next provisional number, and the record
 * waits on the device until it is sent.
 */
export function RecordForm({ user, reference, onSaved }: { user: string; reference: OfflineReference; onSaved: (record: OfflineRecord) => void }) {
  const { t } = useTranslation('offline');
  const [form] = Form.useForm<ClientValues>();
  const mode = Form.useWatch('mode', form) ?? 'new';
  const [requests, setRequests] = useState<DraftRequest[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (values: ClientValues) => {
    if (!requests.length) {
      setProblem(t('record.noRequest'));
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const { prefix, counters } = await takeCounters(user, requests.length);
      const saved = new Date().toISOString();
      const existing = reference.clients.find((c) => c.id === values.existing);
      const payload: OfflineRegistrationBody = {
        id: newIdempotencyKey(),
        ...(values.mode === 'existing' && existing
          ? { existing_client: { id: existing.id, updated_at: new Date(existing.updated_at).toISOString() } }
          : {
              new_client: {
                first_name: values.first_name ?? '',
                last_name: values.last_name ?? '',
                sex: values.sex ?? 'female',
                estimated_age_years: values.estimated_age_years ?? null,
                phone: values.phone ?? '',
              },
            }),
        requests: requests.map((r, i) => ({
          program: r.program,
          form: r.form,
          test_types: r.test_types,
          samples: [{ provisional_number: provisionalNumber(prefix, counters[i]!), sample_type: r.sample_type, collected_at: r.collected_at }],
        })),
      };
      const clientName = existing ? `${existing.first_name} ${existing.last_name}` : `${values.first_name} ${values.last_name}`;
      const record: OfflineRecord = {
        id: payload.id,
        user,
        state: 'waiting',
        reason: null,
        payload,
        clientName,
        created: saved,
        attempts: 0,
        reply: null,
      };
      await putRecord(record);
      form.resetFields();
      setRequests([]);
      onSaved(record);
    } finally {
      setSaving(false);
    }
  };

  const required = [{ required: true, message: t('request.required') }];
  return (
    <Form form={form} layout="vertical" initialValues={{ mode: 'new' }} onFinish={(v) => void save(v)}>
      <Card title={t('record.client')}>
        <Form.Item name="mode">
          <Radio.Group
            options={[
              { value: 'new', label: t('record.newClient') },
              { value: 'existing', label: t('record.existingClient') },
            ]}
          />
        </Form.Item>
        {mode === 'existing' ? (
          <Form.Item name="existing" label={t('record.findClient')} rules={required}>
            <Select
              showSearch
              optionFilterProp="label"
              options={reference.clients.map((c) => ({ value: c.id, label: [c.first_name, c.other_names, c.last_name, c.phone].filter(Boolean).join(' ') }))}
            />
          </Form.Item>
        ) : (
          <div className="clin-grid-2">
            <Form.Item name="first_name" label={t('record.firstName')} rules={required}>
              <Input maxLength={100} data-testid="offline-first-name" />
            </Form.Item>
            <Form.Item name="last_name" label={t('record.lastName')} rules={required}>
              <Input maxLength={100} data-testid="offline-last-name" />
            </Form.Item>
            <Form.Item name="sex" label={t('record.sex')} rules={required}>
              <Radio.Group
                options={[
                  { value: 'female', label: t('record.female') },
                  { value: 'male', label: t('record.male') },
                ]}
              />
            </Form.Item>
            <Form.Item name="estimated_age_years" label={t('record.age')} rules={required}>
              <InputNumber min={0} max={130} precision={0} style={{ width: '100%' }} data-testid="offline-age" />
            </Form.Item>
            <Form.Item name="phone" label={t('record.phone')}>
              <Input maxLength={20} inputMode="tel" />
            </Form.Item>
          </div>
        )}
      </Card>
      <RequestEditor reference={reference} onAdd={(r) => setRequests((all) => [...all, r])} />
      {requests.length > 0 && (
        <List
          className="offline-requests"
          bordered
          header={t('record.requests', { n: requests.length })}
          dataSource={requests}
          renderItem={(r, i) => (
            <List.Item
              actions={[
                <Button
                  key="remove"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('action.remove')}
                  onClick={() => setRequests((all) => all.filter((_, j) => j !== i))}
                />,
              ]}
            >
              {r.program} · {reference.sample_types.find((s) => s.id === r.sample_type)?.name} · {formatDateTime(r.collected_at)} ·{' '}
              {r.test_types.map((id) => reference.programs.flatMap((p) => p.tests).find((x) => x.id === id)?.name).join(', ')}
            </List.Item>
          )}
        />
      )}
      {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 16 }} />}
      <div className="clin-form-actions" style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} data-testid="offline-save">
          {t('record.save')}
        </Button>
      </div>
    </Form>
  );
}
