import { ENTERABLE_TEST_STATUSES, rulesOf } from '@nlims/contracts';
import { Button, Spin, Typography, type FormInstance } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Slot } from '../../../shared/registry';
import { SAMPLE_ALERTS, TEST_ACTIONS } from '../slots';
import { useOrder } from '../api';
import { useEnterResult } from '../mutations';
import type { OrderDetail } from '../types';
import { ResultValue } from '../common/ResultValue';
import { TestStatusTag } from '../../../shared/status/status';
import { useProgramme } from '../programme';
import { FollowOn } from './FollowOn';
import { HeadlineAlert } from './HeadlineAlert';
import { ResultEntryForm } from './ResultEntryForm';
import type { TestConfig } from './useTestConfig';

interface Props {
  sampleId: number;
  configs: Map<number, TestConfig>;
  /** Show only tests of this section. */
  section?: string;
}

/** Every test of one sample: a form for each test waiting for a result (first run, rejected or retest), the value of the others. */
export function SampleEntry({ sampleId, configs, section }: Props) {
  const { t } = useTranslation('clinical');
  const programme = useProgramme();
  const { data } = useOrder(programme, sampleId);
  // Members computed from another (viral load: the log10 from the copies) enter with it, never typed.
  const computed = rulesOf(programme.name).computed ?? {};
  // The open forms of this sample, so one button can save every result typed in (a panel has many tests).
  const forms = useRef(new Map<number, FormInstance>());
  const registers = useRef(new Map<number, (form: FormInstance | null) => void>());
  const registerFor = (id: number) => {
    let register = registers.current.get(id);
    if (!register) {
      register = (form) => void (form ? forms.current.set(id, form) : forms.current.delete(id));
      registers.current.set(id, register);
    }
    return register;
  };
  if (!data) return <Spin className="clin-loading" />;
  const tests = data.tests.filter((x) => !section || configs.get(x.test_type)?.section_name === section);
  const openCount = tests.filter((x) => ENTERABLE_TEST_STATUSES.includes(x.status) && !computed[x.code]).length;
  const saveAll = () => {
    for (const form of forms.current.values()) {
      const value = form.getFieldValue('value') as unknown;
      if (value != null && value !== '') form.submit();
    }
  };
  return (
    <div>
      {tests.map((x) => {
        const open = ENTERABLE_TEST_STATUSES.includes(x.status);
        const config = configs.get(x.test_type);
        return (
          <div key={x.id} className="entry-test" data-test-order={x.id}>
            <div className="entry-test__head">
              <Typography.Text strong>{x.test_type_name}</Typography.Text>
              {config?.section_name && <span className="clin-muted">{config.section_name}</span>}
              <TestStatusTag status={x.status} sampleStatus={data.status} />
              {!open && <ResultValue result={x.result} code={x.code} decimals={x.decimals} />}
              <Slot slot={TEST_ACTIONS} testOrderId={x.id} testName={x.test_type_name} />
            </div>
            {open && computed[x.code] ? (
              <ComputedEntry testOrderId={x.id} rule={computed[x.code]!} tests={data.tests} />
            ) : (
              open && <ResultEntryForm testOrderId={x.id} config={config} previous={x.result} register={registerFor(x.id)} />
            )}
          </div>
        );
      })}
      {!tests.length && <Typography.Text type="secondary">{t('entry.nothingHere')}</Typography.Text>}
      <HeadlineAlert sample={data} />
      {/* A critical value just entered: who was told, and the read-back to record. */}
      <Slot slot={SAMPLE_ALERTS} sampleId={data.id} />
      <FollowOn sample={data} />
      {openCount > 1 && (
        <div className="clin-form-actions" style={{ marginTop: 8 }}>
          <Button onClick={saveAll}>{t('entry.saveAll')}</Button>
        </div>
      )}
    </div>
  );
}

/**
 * A member computed from another (viral load: the log10 from the copies): it
 * enters with its source. Should it alone be rejected or sent for retest, its
 * value is computed again from the source's current result in one click.
 */
function ComputedEntry({
  testOrderId,
  rule,
  tests,
}: {
  testOrderId: number;
  rule: NonNullable<ReturnType<typeof rulesOf>['computed']>[string];
  tests: OrderDetail['tests'];
}) {
  const { t } = useTranslation('clinical');
  const enter = useEnterResult();
  const source = tests.find((y) => y.code === rule.from);
  const value = source?.result?.value != null ? rule.value(source.result.value) : null;
  return (
    <div className="entry entry--computed clin-muted" data-testid="entry-computed">
      {t('entry.computed', { from: source?.test_type_name ?? rule.from })}{' '}
      {value != null && (
        <Button size="small" loading={enter.isPending} onClick={() => enter.mutate({ test_order: testOrderId, value })}>
          {t('entry.recompute')}
        </Button>
      )}
    </div>
  );
}
