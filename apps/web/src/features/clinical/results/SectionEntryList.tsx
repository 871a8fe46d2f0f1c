import { ENTERABLE_TEST_STATUSES } from '@nlims/contracts';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClientFacts } from '../common/ClientSummary';
import type { OrderRow } from '../types';
import { ResultEntryForm } from './ResultEntryForm';
import type { TestConfig } from './useTestConfig';

interface Props {
  rows: OrderRow[];
  configs: Map<number, TestConfig>;
  section?: string;
}

/** The tests waiting for a result on this page of samples, one card per laboratory section (bench). */
export function SectionEntryList({ rows, configs, section }: Props) {
  const { t } = useTranslation('clinical');
  const pending = rows.flatMap((order) =>
    order.tests.filter((x) => ENTERABLE_TEST_STATUSES.includes(x.status)).map((test) => ({ order, test, config: configs.get(test.test_type) })),
  );
  const groups = new Map<string, typeof pending>();
  for (const item of pending) {
    const name = item.config?.section_name ?? t('entry.noSection');
    if (section && name !== section) continue;
    groups.set(name, [...(groups.get(name) ?? []), item]);
  }
  if (!groups.size) return <Empty description={t('entry.nothingToEnter')} />;
  return (
    <div className="clin-page">
      {[...groups.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, items]) => (
          <Card key={name} title={`${name} (${items.length})`} size="small">
            {items.map(({ order, test, config }) => (
              <div key={test.id} className="entry-test" data-test-order={test.id}>
                <div className="entry-test__head">
                  <span className="clin-lab-number">{order.barcode}</span>
                  <Typography.Text strong>{test.test_type_name}</Typography.Text>
                  <span>{order.client_name}</span>
                  <ClientFacts client={order} />
                </div>
                <ResultEntryForm testOrderId={test.id} config={config} />
              </div>
            ))}
          </Card>
        ))}
    </div>
  );
}
