import { PlusOutlined } from '@ant-design/icons';
import { type OfflineReference, requestFormSpecOf } from '@nlims/contracts';
import { Button, Card, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fromLocalInput, toLocalInput } from '../../shared/format/format';
import { checkRequestForm } from '../clinical/request-form/check';
import { DateTimeInput } from '../../shared/forms/DateInput';
import { SpecFields } from '../clinical/request-form/SpecFields';

/** One request as the device keeps it before the record is saved: its programme, form, tests and the sample's type. */
export interface DraftRequest {
  program: string;
  form: Record<string, unknown>;
  test_types: number[];
  sample_type: number;
  /** When the sample was taken (ISO); the receptionist's clock, not the moment the record is saved. */
  collected_at: string;
}

/**
 * A request of one programme: its request form (rendered from the programme's
 * declaration, checked with the schema the server applies), the sample type
 * collected, and the tests that run on that sample — one tube, one label.
 */
export function RequestEditor({ reference, onAdd }: { reference: OfflineReference; onAdd: (request: DraftRequest) => void }) {
  const { t } = useTranslation(['offline', 'clinical']);
  const [form] = Form.useForm();
  const program = Form.useWatch('program', form) as string | undefined;
  const sampleType = Form.useWatch('sample_type', form) as number | undefined;
  const tests = reference.programs.find((p) => p.name === program)?.tests ?? [];
  const typeIds = new Set(tests.flatMap((x) => x.sample_types));
  const types = reference.sample_types.filter((s) => typeIds.has(s.id));
  const fitting = tests.filter((x) => !x.sample_types.length || (sampleType != null && x.sample_types.includes(sampleType)));
  const spec = program ? requestFormSpecOf(program) : undefined;

  const add = async () => {
    const values = await form.validateFields();
    const checked = checkRequestForm(values.program, values.form, t);
    if ('errors' in checked) {
      form.setFields(checked.errors);
      return;
    }
    onAdd({
      program: values.program,
      form: checked.form,
      test_types: values.test_types,
      sample_type: values.sample_type,
      collected_at: new Date(fromLocalInput(values.collected_at)!).toISOString(),
    });
    form.resetFields();
    form.setFieldsValue({ collected_at: toLocalInput() });
  };

  return (
    <Card title={t('request.title')} className="offline-requests">
      <Form form={form} layout="vertical" initialValues={{ test_types: [], collected_at: toLocalInput() }}>
        <Form.Item name="program" label={t('request.program')} rules={[{ required: true, message: t('request.required') }]}>
          <Select
            data-testid="offline-program"
            options={reference.programs.map((p) => ({ value: p.name, label: p.name }))}
            onChange={() => form.setFieldsValue({ sample_type: undefined, test_types: [], form: undefined })}
          />
        </Form.Item>
        <Form.Item name="sample_type" label={t('request.sampleType')} rules={[{ required: true, message: t('request.required') }]}>
          <Select
            data-testid="offline-sample-type"
            options={types.map((s) => ({ value: s.id, label: s.name }))}
            onChange={() => form.setFieldsValue({ test_types: [] })}
            disabled={!program}
          />
        </Form.Item>
        <Form.Item name="test_types" label={t('request.tests')} rules={[{ required: true, type: 'array', min: 1, message: t('request.required') }]}>
          <Select
            data-testid="offline-tests"
            mode="multiple"
            options={fitting.map((x) => ({ value: x.id, label: x.name }))}
            disabled={sampleType == null}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name="collected_at" label={t('request.collectedAt')} rules={[{ required: true, message: t('request.required') }]}>
          <DateTimeInput max={toLocalInput} data-testid="offline-collected-at" />
        </Form.Item>
        {spec && <SpecFields spec={spec} />}
        <Button icon={<PlusOutlined />} onClick={() => void add()} style={{ marginTop: 16 }} data-testid="offline-add-request">
          {t('request.add')}
        </Button>
      </Form>
    </Card>
  );
}
