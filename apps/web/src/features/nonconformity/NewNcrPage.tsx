import type { NcrCreateBody, NcrDraft } from '@nlims/contracts';
import { Alert, Button, Card, Form, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useNotices } from '../../shared/notices';
import { errorDetail } from '../../shared/forms/forms';
import { todayLagos } from '../../shared/format/format';
import { type DraftSource, useCreateNcr, useNcrDraft } from './api';
import { type ChosenSample, draftRequest, draftSamples } from './filters';
import { Frame } from './Frame';
import { REPORT_FIELDS, ReportFields } from './ReportFields';
import { SamplePicker } from './SamplePicker';
import { showOnFields } from '../../shared/forms/serverErrors';

type Values = Omit<NcrCreateBody, 'samples'> & { samples: ChosenSample[] };
const FIELDS = [...REPORT_FIELDS, 'samples'] as const;

/**
 * Report a non-conformity (`/non-conformity/new`). With `?source=…&ref=…` (a rejected sample, a rejected QC run, an
 * amended result) the form opens filled in from that event; nothing is saved until it is sent.
 */
export default function NewNcrPage() {
  const { t } = useTranslation('nonConformity');
  const [params] = useSearchParams();
  const asked = draftRequest(params);
  const draft = useNcrDraft(asked?.source ?? null, asked?.ref ?? null);
  return (
    <Frame title={t('new.title')} extra={<Link to="/non-conformity">{t('back')}</Link>} testid="ncr-new">
      {asked && draft.isPending ? (
        <Spin className="clin-loading" />
      ) : (
        <>
          {asked && draft.data && (
            <Alert
              type="info"
              showIcon
              className="ncr-alert"
              data-testid="ncr-draft-notice"
              title={t(`new.from.${asked.source}`)}
              description={t('new.draftHint')}
            />
          )}
          {asked && draft.error != null && (
            <Alert type="warning" showIcon className="ncr-alert" title={t('new.draftError')} description={errorDetail(draft.error) ?? undefined} />
          )}
          <ReportForm key={draft.data ? 'draft' : 'blank'} draft={draft.data} source={asked?.source} />
        </>
      )}
    </Frame>
  );
}

function ReportForm({ draft, source }: { draft?: NcrDraft; source?: DraftSource }) {
  const { t } = useTranslation('nonConformity');
  const [form] = Form.useForm<Values>();
  const create = useCreateNcr();
  const navigate = useNavigate();
  const { message } = useNotices();
  const [problem, setProblem] = useState<string | null>(null);
  const initial: Partial<Values> = draft
    ? { ...draft, samples: draftSamples(draft) }
    : { event_date: todayLagos(), samples: [], immediate_action: '', suspected_cause: '', section: null };
  const submit = async (v: Values) => {
    setProblem(null);
    try {
      const made = await create.mutateAsync({
        title: v.title,
        event_date: v.event_date,
        description: v.description,
        immediate_action: v.immediate_action ?? '',
        suspected_cause: v.suspected_cause ?? '',
        section: v.section ?? null,
        severity: v.severity,
        samples: (v.samples ?? []).map((s) => ({ sample: s.sample, tests: s.tests })),
        // what the draft said the event was, kept as it came
        source: draft ? source : 'manual',
        source_ref: draft?.source_ref ?? null,
        type: draft?.type ?? null,
      });
      void message.success(t('new.saved', { number: made.number }));
      navigate(`/non-conformity/${made.id}`);
    } catch (error) {
      const rest = showOnFields(form, error, FIELDS);
      setProblem(rest.length ? rest.join('\n') : null);
    }
  };
  return (
    <Card size="small">
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={submit} className="ncr-form" data-testid="ncr-form" scrollToFirstError>
        <div className="ncr-form__grid">
          <ReportFields />
          <Form.Item name="samples" label={t('field.samples')} extra={t('form.samplesHint')} className="ncr-form__wide">
            <SamplePicker />
          </Form.Item>
        </div>
        {problem && <Alert type="error" showIcon title={problem} className="ncr-alert" />}
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="ncr-submit">
            {t('new.submit')}
          </Button>
          <Link to="/non-conformity">{t('cancel')}</Link>
        </Space>
      </Form>
    </Card>
  );
}
