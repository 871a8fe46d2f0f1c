import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeInput } from '../../../shared/forms/DateInput';
import { useCollectionLookup } from '../../lookups/hooks';
import { useOrderLookup } from '../api';
import { fromLocalInput, toLocalInput } from '../../../shared/format/format';
import { useProgramme } from '../programme';
import type { OrderRow } from '../types';
import { MoveModal } from './MoveModal';

/** Record the collection: when (default now, Lagos time) and the sample type (those the ordered tests accept first). */
export function CollectModal({ order, onClose }: { order: OrderRow; onClose: () => void }) {
  const { t } = useTranslation('clinical');
  const collection = useCollectionLookup();
  const lookup = useOrderLookup(useProgramme());
  const accepted = new Set(order.tests.flatMap((x) => lookup.data?.tests.find((c) => c.id === x.test_type)?.sample_types ?? []));
  const types = [...(collection.data?.sample_types ?? [])].sort((a, b) => Number(accepted.has(b.id)) - Number(accepted.has(a.id)));
  // The sample type the order grouped this sample's tests by comes first.
  const suggested = order.sample_type ?? types.find((s) => accepted.has(s.id))?.id;
  return (
    <MoveModal
      order={order}
      action="collect"
      title={t('actions.collect')}
      okText={t('actions.collect')}
      fields={['collected_at', 'sample_type']}
      initialValues={{ collected_at: toLocalInput(), sample_type: suggested }}
      toBody={(v) => ({ collected_at: fromLocalInput(v.collected_at as string), sample_type: v.sample_type })}
      loading={collection.isPending || lookup.isPending}
      onClose={onClose}
    >
      {() => (
        <>
          <Form.Item name="collected_at" label={t('collect.at')} rules={[{ required: true, message: t('validation.required', { label: t('collect.at') }) }]}>
            <DateTimeInput max={toLocalInput} />
          </Form.Item>
          <Form.Item
            name="sample_type"
            label={t('collect.sampleType')}
            rules={[{ required: true, message: t('validation.required', { label: t('collect.sampleType') }) }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={collection.isPending}
              options={types.map((s) => ({ value: s.id, label: accepted.has(s.id) ? `${s.name} ★` : s.name }))}
            />
          </Form.Item>
        </>
      )}
    </MoveModal>
  );
}
