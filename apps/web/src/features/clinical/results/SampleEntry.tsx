import { ENTERABLE_TEST_STATUSES } from '@nlims/contracts';
import { Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOrder } from '../api';
import { ResultValue } from '../common/ResultValue';
import { StatusTag } from '../common/status';
import { ResultEntryForm } from './ResultEntryForm';
import type { TestConfig } from './useTestConfig';

interface Props {
  orderId: number;
  configs: Map<number, TestConfig>;
  /** Show only tests of this section. */
  section?: string;
}

/** Every test of one sample: a form for each test waiting for a result (first run, rejected or retest), the value of the others. */
export function SampleEntry({ orderId, configs, section }: Props) {
  const { t } = useTranslation('clinical');
  const { data } = useOrder(orderId);
  if (!data) return <Spin className="clin-loading" />;
  const tests = data.tests.filter((x) => !section || configs.get(x.test_type)?.section_name === section);
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
              <StatusTag code={x.status} />
              {!open && <ResultValue result={x.result} />}
            </div>
            {open && <ResultEntryForm testOrderId={x.id} config={config} previous={x.result} />}
          </div>
        );
      })}
      {!tests.length && <Typography.Text type="secondary">{t('entry.nothingHere')}</Typography.Text>}
    </div>
  );
}
