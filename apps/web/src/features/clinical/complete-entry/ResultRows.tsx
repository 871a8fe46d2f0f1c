import { Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeInput } from '../../../shared/forms/DateInput';
import { choiceText, resultVocabulary } from '../results/vocabulary';
import type { OrderableTest } from '../types';

/** The tests an order will hold: a panel stands for its member tests. */
export function expandTests(tests: OrderableTest[], chosen: number[]): OrderableTest[] {
  const out = new Map<number, OrderableTest>();
  for (const id of chosen) {
    const test = tests.find((x) => x.id === id);
    if (!test) continue;
    if (test.is_panel) for (const member of tests.filter((m) => m.panel === id)) out.set(member.id, member);
    else out.set(test.id, test);
  }
  return [...out.values()];
}

/** A result row per test from the paper record: value (number, code or text), when it was resulted, and a comment; leave the value empty for none. */
export function ResultRows({ tests }: { tests: OrderableTest[] }) {
  const { t } = useTranslation(['clinical', 'tb']);
  if (!tests.length) return <Typography.Text type="secondary">{t('complete.chooseTestsFirst')}</Typography.Text>;
  return (
    <div>
      {tests.map((test) => (
        <div key={test.id} className="entry-test">
          <div className="entry-test__head">
            <Typography.Text strong>{test.name}</Typography.Text>
            <span className="clin-muted">{test.code}</span>
          </div>
          <div className="entry__grid">
            <Form.Item name={['results', String(test.id), 'value']} label={t('entry.value')}>
              {test.result_type === 'numeric' ? (
                <InputNumber style={{ width: '100%' }} suffix={test.unit || undefined} inputMode="decimal" />
              ) : test.codes.length ? (
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  options={resultVocabulary(test.code, test.codes).map((c) => ({ value: c.value, label: choiceText(t, c) }))}
                />
              ) : (
                <Input maxLength={200} />
              )}
            </Form.Item>
            <Form.Item name={['results', String(test.id), 'resulted_at']} label={t('complete.resultedAt')}>
              <DateTimeInput />
            </Form.Item>
            <Form.Item name={['results', String(test.id), 'comment']} label={t('entry.comment')}>
              <Input maxLength={2000} />
            </Form.Item>
          </div>
        </div>
      ))}
    </div>
  );
}
