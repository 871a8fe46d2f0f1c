import { Alert, Button, Card, Form, Result, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTimeInput } from '../../../shared/forms/DateInput';
import type { PageProps } from '../../../shared/page/pageProps';
import { useCollectionLookup } from '../../lookups/hooks';
import { useCompleteEntry, useOrderLookup } from '../api';
import { ClinicalPage } from '../../../shared/page/ClinicalPage';
import { showServerErrors } from '../../../shared/forms/forms';
import { useProgramme } from '../programme';
import { toLocalInput } from '../../../shared/format/format';
import { ClientCard, ClinicianField, NotesField, PriorityField, TestsCard } from '../lab-order/OrderFields';
import '../results/entry.css';
import type { OrderDetail } from '../types';
import { ResultRows, expandTests } from './ResultRows';
import { completeEntryBody, type EntryValues } from './toBody';

const FIELDS = [
  'client',
  'test_types',
  'priority',
  'requesting_clinician',
  'clinical_notes',
  'sample_type',
  'ordered_at',
  'collected_at',
  'received_at',
] as const;

/** Retrospective data entry: a paper record (order, collection, reception, results) with its original dates, in one save. */
export default function CompleteEntryPage({ page }: PageProps) {
  const { t } = useTranslation('clinical');
  const [form] = Form.useForm<EntryValues>();
  const programme = useProgramme();
  const lookup = useOrderLookup(programme);
  const collection = useCollectionLookup();
  const save = useCompleteEntry(programme);
  const [saved, setSaved] = useState<OrderDetail | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const chosen = (Form.useWatch('test_types', form) as number[] | undefined) ?? [];
  const shown = expandTests(lookup.data?.tests ?? [], chosen);
  const required = (label: string) => [{ required: true, message: t('validation.required', { label }) }];

  const submit = async (values: EntryValues) => {
    setProblems([]);
    const { body, resultTests } = completeEntryBody(
      values,
      shown.map((x) => x.id),
    );
    try {
      const order = await save.mutateAsync(body);
      form.resetFields();
      setSaved(order);
    } catch (error) {
      const left = showServerErrors(form, error, FIELDS);
      // `results.<i>.<field>` goes back under the row of the test it was posted for.
      const rows = left.map((line) => /^results\.(\d+)\.(\w+): (.*)$/.exec(line));
      form.setFields(rows.flatMap((m) => (m ? [{ name: ['results', String(resultTests[Number(m[1])]), m[2]!], errors: [m[3]!] }] : [])) as never);
      setProblems(left.filter((_, i) => !rows[i]));
    }
  };

  if (saved) {
    return (
      <ClinicalPage page={page}>
        <Card>
          <Result
            status="success"
            title={t('complete.saved')}
            subTitle={
              <span>
                {t('labOrder.labNumber')}: <span className="clin-lab-number">{saved.lab_number}</span>
              </span>
            }
            extra={[
              <Button key="new" type="primary" onClick={() => setSaved(null)}>
                {t('complete.another')}
              </Button>,
              <Link key="samples" to={programme.pathOf('manageSample') ?? '/'}>
                {t('complete.toSamples')}
              </Link>,
            ]}
          />
        </Card>
      </ClinicalPage>
    );
  }
  return (
    <ClinicalPage page={page}>
      <Alert type="info" showIcon title={t('complete.intro')} />
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ priority: 'routine', test_types: [], ordered_at: toLocalInput(), collected_at: toLocalInput(), received_at: toLocalInput() }}
      >
        <div className="clin-grid-2">
          <ClientCard />
          <Card title={t('complete.record')}>
            <div className="entry__grid">
              <Form.Item name="ordered_at" label={t('complete.orderedAt')} rules={required(t('complete.orderedAt'))}>
                <DateTimeInput max={toLocalInput} />
              </Form.Item>
              <Form.Item name="collected_at" label={t('collect.at')} rules={required(t('collect.at'))}>
                <DateTimeInput max={toLocalInput} />
              </Form.Item>
              <Form.Item name="received_at" label={t('complete.receivedAt')} rules={required(t('complete.receivedAt'))}>
                <DateTimeInput max={toLocalInput} />
              </Form.Item>
              <Form.Item name="sample_type" label={t('collect.sampleType')} rules={required(t('collect.sampleType'))}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={collection.isPending}
                  options={(collection.data?.sample_types ?? []).map((s) => ({ value: s.id, label: s.name }))}
                />
              </Form.Item>
              <PriorityField />
              <ClinicianField />
            </div>
            <NotesField />
          </Card>
        </div>
        <TestsCard tests={lookup.data?.tests ?? []} loading={lookup.isPending} />
        <Card title={t('complete.results')} style={{ marginTop: 16 }}>
          <ResultRows tests={shown} />
        </Card>
        {problems.length > 0 && <Alert type="error" showIcon title={problems.join('\n')} style={{ marginTop: 16, whiteSpace: 'pre-line' }} />}
        <div className="clin-form-actions" style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('complete.save')}
          </Button>
        </div>
      </Form>
    </ClinicalPage>
  );
}
