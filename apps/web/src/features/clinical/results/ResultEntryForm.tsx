import { CheckCircleTwoTone } from '@ant-design/icons';
import { censoredFormsOf, parseNumericResult, TARGET_NOT_DETECTED } from '@nlims/contracts';
import { Alert, Button, Form, Input, InputNumber, Select, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../shared/notices';
import { useEnterResult, useReference } from '../api';
import { showServerErrors } from '../../../shared/forms/forms';
import { FlagTag } from '../common/ResultValue';
import { Slot, useHookSlot } from '../../../shared/registry';
import { INSTRUMENT_CHOICES, type InstrumentChoice, RESULT_FLAG_ALERTS, RESULT_READING } from '../slots';
import type { ResultItem } from '../types';
import { choiceText, resultVocabulary } from './vocabulary';
import { CultureFields } from './CultureFields';
import type { TestConfig } from './useTestConfig';

const FIELDS = ['value', 'comment', 'method', 'instrument'] as const;

interface Props {
  testOrderId: number;
  config: TestConfig | undefined;
  /** The rejected or retest run this one replaces, if any. */
  previous?: ResultItem | null;
  onSaved?: (saved: { value: unknown; flag: string | null }) => void;
  /** Lets a sample's "save all" submit this form too. */
  register?: (form: FormInstance | null) => void;
}

/** One test's result: a number with its unit, a code, or a culture; comment, method and instrument. */
export function ResultEntryForm({ testOrderId, config, previous, onSaved, register }: Props) {
  const { t } = useTranslation(['clinical', 'tb']);
  const [form] = Form.useForm();
  const { message } = useNotices();
  const enter = useEnterResult();
  const methods = useReference('method');
  const instruments = useReference('instrument');
  // An instrument whose every analyser here is under repair, out of service or past its calibration is offered disabled, with why.
  const instrumentChoices = useHookSlot(INSTRUMENT_CHOICES);
  const [problems, setProblems] = useState<string[]>([]);
  const [saved, setSaved] = useState<{ flag: string | null; value: number | string } | null>(null);
  const numeric = config?.result_type === 'numeric';
  // A numeric test whose codes list censored forms takes "< 40", "> 10,000,000" and "Target not detected" too (contracts, censored.ts).
  const censored = numeric ? censoredFormsOf(config?.codes) : [];
  useEffect(() => {
    register?.(saved ? null : form);
    return () => register?.(null);
  }, [register, form, saved]);
  const pick = (rows: { id: number; name: string }[] | undefined, allowed: number[] | undefined) =>
    (rows ?? []).filter((r) => !allowed?.length || allowed.includes(r.id)).map((r) => ({ value: r.id, label: r.name }));

  const submit = async (values: Record<string, unknown>) => {
    setProblems([]);
    try {
      const body = {
        test_order: testOrderId,
        value: values.value as number | string,
        comment: (values.comment as string) ?? '',
        method: (values.method as number) ?? null,
        instrument: (values.instrument as number) ?? null,
        isolates: (values.isolates as never) ?? [],
      };
      const result = await enter.mutateAsync(body);
      setSaved({ flag: result.flag, value: body.value });
      void message.success(
        result.flag ? `${t('entry.saved')} · ${result.flag} (${t(`flag.${result.flag}`, { defaultValue: result.flag })})` : t('entry.saved'),
      );
      onSaved?.({ value: values.value, flag: result.flag });
    } catch (error) {
      setProblems(showServerErrors(form, error, FIELDS));
    }
  };

  if (saved) {
    return (
      <div className="entry entry--saved" role="status">
        <CheckCircleTwoTone twoToneColor="#52c41a" /> {t('entry.saved')} <FlagTag flag={saved.flag} />
        {saved.flag && <span className="clin-muted">{t(`flag.${saved.flag}`, { defaultValue: saved.flag })}</span>}
        <Slot slot={RESULT_READING} code={config?.code} value={saved.value} />
        <Slot slot={RESULT_FLAG_ALERTS} flags={[saved.flag]} />
      </div>
    );
  }
  return (
    <Form form={form} layout="vertical" onFinish={submit} className="entry" size="middle">
      {previous && previous.value != null && (
        <div className="entry__previous clin-muted">
          {t('entry.previous')}: {String(previous.value)} {previous.unit}
        </div>
      )}
      <div className="entry__grid">
        <Form.Item
          name="value"
          label={t('entry.value')}
          className={censored.length ? 'entry__value--censored' : undefined}
          extra={
            censored.length ? (
              <span className="entry__censored-hint">
                {t('entry.censoredHint')}
                {censored.includes(TARGET_NOT_DETECTED) && (
                  <Button size="small" className="entry__tnd" onClick={() => form.setFieldValue('value', TARGET_NOT_DETECTED)}>
                    {t('result.targetNotDetected')}
                  </Button>
                )}
              </span>
            ) : undefined
          }
          rules={[
            { required: true, message: t('validation.required', { label: t('entry.value') }) },
            ...(censored.length
              ? [
                  {
                    validator: (_: unknown, value: unknown) =>
                      value == null || value === '' || parseNumericResult(value, censored).ok
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('entry.censoredInvalid'))),
                  },
                ]
              : []),
          ]}
        >
          {censored.length ? (
            // a value reads left to right in Arabic too ("< 40" stays "< 40")
            <Input
              dir="ltr"
              inputMode="text"
              autoComplete="off"
              maxLength={40}
              placeholder={t('entry.censoredPlaceholder')}
              suffix={config?.unit || undefined}
            />
          ) : numeric ? (
            <InputNumber
              style={{ width: '100%' }}
              step={config?.decimals ? 10 ** -config.decimals : 1}
              suffix={config?.unit || undefined}
              inputMode="decimal"
            />
          ) : config?.codes.length ? (
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              popupMatchSelectWidth={false}
              options={resultVocabulary(config.code, config.codes).map((c) => ({ value: c.value, label: choiceText(t, c) }))}
            />
          ) : (
            <Input maxLength={200} />
          )}
        </Form.Item>
        <Form.Item name="method" label={t('entry.method')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={pick(methods.data, config?.methods)} />
        </Form.Item>
        <Form.Item name="instrument" label={t('entry.instrument')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'title' }}
            options={instrumentChoices.reduce<InstrumentChoice[]>((choices, mark) => mark(choices), pick(instruments.data, config?.instruments))}
            data-testid="entry-instrument"
          />
        </Form.Item>
        <Form.Item name="comment" label={t('entry.comment')}>
          <Input maxLength={2000} />
        </Form.Item>
      </div>
      {config?.is_culture && <CultureFields />}
      {problems.length > 0 && <Alert type="error" showIcon title={problems.join('\n')} style={{ whiteSpace: 'pre-line', marginBottom: 8 }} />}
      <div className="clin-form-actions">
        <Button type="primary" htmlType="submit" loading={enter.isPending}>
          {t('entry.save')}
        </Button>
      </div>
    </Form>
  );
}
