import { ENTERABLE_TEST_STATUSES } from '@nlims/contracts';
import { Collapse, Empty, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClientFacts } from '../common/ClientSummary';
import { SampleTags } from '../../../shared/status/status';
import type { OrderRow } from '../types';
import { SampleEntry } from './SampleEntry';
import type { TestConfig } from './useTestConfig';

interface Props {
  rows: OrderRow[];
  configs: Map<number, TestConfig>;
  section?: string;
}

const toEnter = (r: OrderRow) => r.tests.filter((x) => ENTERABLE_TEST_STATUSES.includes(x.status)).length;

/**
 * One panel per sample; open one to enter its tests. An open sample stays
 * on the list until it is closed: its first result moves it from APPROVED
 * to ONGOING, which would otherwise drop it (and its other tests) from a
 * list filtered on APPROVED.
 */
export function SampleEntryList({ rows, configs, section }: Props) {
  const { t } = useTranslation('clinical');
  const [open, setOpen] = useState<OrderRow[]>([]);
  const shown = [...open.filter((o) => !rows.some((r) => r.id === o.id)), ...rows];
  if (!shown.length) return <Empty description={t('entry.nothingToEnter')} />;
  return (
    <Collapse
      className="entry-samples"
      activeKey={open.map((o) => String(o.id))}
      onChange={(keys) => setOpen((keys as string[]).map((k) => shown.find((r) => String(r.id) === k)!).filter(Boolean))}
      items={shown.map((r) => ({
        key: String(r.id),
        label: (
          <div className="entry-sample__head">
            <span className="clin-lab-number">{r.barcode}</span>
            {r.sample_type_name && <span className="clin-muted">{r.sample_type_name}</span>}
            <span>{r.client_name}</span>
            <ClientFacts client={r} />
            <SampleTags sample={r} />
            <Tag color={toEnter(r) ? 'blue' : 'default'}>{t('entry.toEnter', { count: toEnter(r) })}</Tag>
          </div>
        ),
        children: <SampleEntry sampleId={r.id} configs={configs} section={section} />,
      }))}
    />
  );
}
