import { FILL_ORDERS, PLATE_SIZES, RESULT_FILE_FORMATS, type WorksheetTemplateBody, type WorksheetTemplateItem } from '@nlims/contracts';
import { Alert, Button, Card, Form, Input, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerErrors } from '../../shared/forms/forms';
import type { Machine, QcMaterial } from '../qc/api';
import { useSaveTemplate } from './api';

const CONTROL_FIELDS = ['well', 'label', 'kind', 'of', 'expect', 'material'] as const;

/** The m2000's usual layout: negative, low and high positive controls in A1–A3. */
const STARTER = [
  { well: 'A1', label: 'Negative', kind: 'control', expect: 'negative', material: null, of: null },
  { well: 'A2', label: 'Low positive', kind: 'control', expect: 'positive', material: null, of: null },
  { well: 'A3', label: 'High positive', kind: 'control', expect: 'positive', material: null, of: null },
];

/**
 * The facility's worksheet templates of the programme's tests: each analyser's plate — size, fill order, where its
 * controls and blanks sit (and which QC material a control is), and the results file it writes.
 */
export function TemplatesPanel({
  templates,
  tests,
  machines,
  materials,
}: {
  templates: WorksheetTemplateItem[];
  tests: { id: number; name: string }[];
  machines: Machine[];
  materials: QcMaterial[];
}) {
  const { t } = useTranslation('worksheets');
  const [editing, setEditing] = useState<WorksheetTemplateItem | 'new' | null>(null);
  return (
    <Card className="ws-templates">
      {editing ? (
        <TemplateForm
          key={editing === 'new' ? 'new' : editing.id}
          template={editing === 'new' ? null : editing}
          tests={tests}
          machines={machines}
          materials={materials}
          onDone={() => setEditing(null)}
        />
      ) : (
        <>
          <Button type="primary" onClick={() => setEditing('new')} className="ws-templates__add">
            {t('newTemplate')}
          </Button>
          <Table<WorksheetTemplateItem>
            size="small"
            rowKey="id"
            dataSource={templates}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('noTemplates') }}
            columns={[
              { key: 'name', title: t('column.name'), dataIndex: 'name' },
              { key: 'test', title: t('test'), render: (_, x) => x.test_type_name },
              { key: 'format', title: t('format'), render: (_, x) => t(`formats.${x.format}`) },
              { key: 'size', title: t('size'), dataIndex: 'size' },
              { key: 'controls', title: t('controls'), render: (_, x) => x.controls.map((c) => `${c.well} ${c.label}`).join(', ') },
              { key: 'active', title: t('column.active'), render: (_, x) => (x.is_active ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>) },
              { key: 'edit', title: '', render: (_, x) => <Button onClick={() => setEditing(x)}>{t('edit')}</Button> },
            ]}
          />
        </>
      )}
    </Card>
  );
}

function TemplateForm({
  template,
  tests,
  machines,
  materials,
  onDone,
}: {
  template: WorksheetTemplateItem | null;
  tests: { id: number; name: string }[];
  machines: Machine[];
  materials: QcMaterial[];
  onDone: () => void;
}) {
  const { t } = useTranslation('worksheets');
  const [form] = Form.useForm();
  const save = useSaveTemplate();
  const [problems, setProblems] = useState<string[]>([]);
  const test = Form.useWatch('test_type', form) as number | undefined;
  const format = Form.useWatch('format', form) as string | undefined;
  const visible = ['name', 'test_type', 'machine', 'format', 'size', 'fill', 'mapping.sampleId', 'mapping.value'];
  const submit = async (values: WorksheetTemplateBody & { machine?: number | null }) => {
    setProblems([]);
    try {
      await save.mutateAsync({
        id: template?.id ?? null,
        body: { ...values, machine: values.machine || null, mapping: values.format === 'generic-csv' ? values.mapping : null },
      });
      onDone();
    } catch (error) {
      const controlFields = Array.from({ length: 24 }, (_, i) => CONTROL_FIELDS.map((f) => `controls.${i}.${f}`)).flat();
      setProblems(showServerErrors(form, error, [...visible, ...controlFields]));
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={template ?? { size: 96, fill: 'column', format: 'abbott-m2000', controls: STARTER, is_active: true, machine: null }}
      className="ws-template-form"
    >
      <div className="ws-template-form__grid">
        <Form.Item name="name" label={t('column.name')} rules={[{ required: true, message: t('required') }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="test_type" label={t('test')} rules={[{ required: true, message: t('required') }]}>
          <Select options={tests.map((x) => ({ value: x.id, label: x.name }))} showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="machine" label={t('machine')}>
          <Select allowClear options={machines.map((m) => ({ value: m.id, label: m.model ? `${m.name} (${m.model})` : m.name }))} />
        </Form.Item>
        <Form.Item name="format" label={t('format')} rules={[{ required: true, message: t('required') }]}>
          <Select options={RESULT_FILE_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))} />
        </Form.Item>
        <Form.Item name="size" label={t('size')} rules={[{ required: true, message: t('required') }]}>
          <Select options={PLATE_SIZES.map((s) => ({ value: s, label: t('sizeOption', { count: s }) }))} />
        </Form.Item>
        <Form.Item name="fill" label={t('fill')}>
          <Select options={FILL_ORDERS.map((f) => ({ value: f, label: t(`fills.${f}`) }))} />
        </Form.Item>
        <Form.Item name="is_active" label={t('column.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
      {format === 'generic-csv' && (
        <div className="ws-template-form__grid">
          <Form.Item name={['mapping', 'sampleId']} label={t('mapping.sampleId')} rules={[{ required: true, message: t('required') }]}>
            <Input />
          </Form.Item>
          <Form.Item name={['mapping', 'value']} label={t('mapping.value')} rules={[{ required: true, message: t('required') }]}>
            <Input />
          </Form.Item>
          <Form.Item name={['mapping', 'well']} label={t('mapping.well')}>
            <Input />
          </Form.Item>
          <Form.Item name={['mapping', 'kind']} label={t('mapping.kind')}>
            <Input />
          </Form.Item>
        </div>
      )}
      <Form.List name="controls">
        {(fields, { add, remove }) => (
          <Card size="small" title={t('controls')} className="ws-template-form__controls">
            {fields.map((field) => (
              <Space key={field.key} wrap align="start">
                <Form.Item name={[field.name, 'well']} label={t('column.well')} rules={[{ required: true, message: t('required') }]}>
                  <Input className="ws-template-form__well" maxLength={3} />
                </Form.Item>
                <Form.Item name={[field.name, 'label']} label={t('column.control')} rules={[{ required: true, message: t('required') }]}>
                  <Input maxLength={60} />
                </Form.Item>
                <Form.Item name={[field.name, 'kind']} label={t('kind')}>
                  <Select
                    className="ws-template-form__select"
                    options={[
                      { value: 'control', label: t('kinds.control') },
                      { value: 'blank', label: t('kinds.blank') },
                      { value: 'duplicate', label: t('kinds.duplicate') },
                    ]}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'of']} label={t('duplicateOf')}>
                  <Input className="ws-template-form__well" maxLength={3} />
                </Form.Item>
                <Form.Item name={[field.name, 'expect']} label={t('expect')}>
                  <Select
                    className="ws-template-form__select"
                    options={[
                      { value: 'negative', label: t('expects.negative') },
                      { value: 'positive', label: t('expects.positive') },
                    ]}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'material']} label={t('material')}>
                  <Select
                    allowClear
                    className="ws-template-form__material"
                    options={materials.filter((m) => m.test_type === test).map((m) => ({ value: m.id, label: `${m.name} · ${m.lot_number}` }))}
                  />
                </Form.Item>
                <Button onClick={() => remove(field.name)} className="ws-template-form__remove">
                  {t('remove')}
                </Button>
              </Space>
            ))}
            <Button onClick={() => add({ kind: 'control', expect: 'positive', material: null })}>{t('addControl')}</Button>
          </Card>
        )}
      </Form.List>
      {problems.length > 0 && <Alert type="error" showIcon title={problems.join(' ')} className="ws-view__alert" />}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('saveTemplate')}
        </Button>
        <Button onClick={onDone}>{t('back')}</Button>
      </Space>
    </Form>
  );
}
