import { Checkbox, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { rejectionReasonsFor, SAMPLE_STATUS } from '@nlims/contracts';
import { useCollectionLookup, useRejectionReasons } from '../../lookups/hooks';
import { useHookSlot } from '../../../shared/registry';
import { SAMPLE_EVENTS } from '../slots';
import type { OrderRow } from '../types';
import { MoveModal } from './MoveModal';

const OPEN = new Set<number>([SAMPLE_STATUS.ORDERED, SAMPLE_STATUS.COLLECTED, SAMPLE_STATUS.APPROVED]);

/** Reject the whole sample, or tick some of its tests (a partial rejection), with a reason from the list. */
export function RejectModal({ order, onClose }: { order: OrderRow; onClose: () => void }) {
  const { t } = useTranslation('clinical');
  const reasons = useRejectionReasons();
  const collection = useCollectionLookup();
  // Reasons tagged with a sample type (DBS-…) are offered, first, for a sample of that type (an EID sample: a dried blood spot).
  const sampleTypeCode = collection.data?.sample_types.find((s) => s.id === order.sample_type)?.code ?? null;
  const offered = rejectionReasonsFor(
    (reasons.data ?? []).filter((r) => r.is_active !== false),
    { program: order.program, sampleTypeCode },
  );
  const open = order.tests.filter((x) => OPEN.has(x.status));
  // A rejection is a non-conformity: offer to report it, pre-filled.
  const tell = useHookSlot(SAMPLE_EVENTS);
  return (
    <MoveModal
      order={order}
      action="reject"
      title={t('actions.reject')}
      okText={t('actions.reject')}
      danger
      fields={['rejection_reason', 'test_orders', 'comment']}
      initialValues={{ scope: 'all', test_orders: [] }}
      toBody={(v) => ({ rejection_reason: v.rejection_reason, comment: v.comment ?? '', ...(v.scope === 'some' ? { test_orders: v.test_orders } : {}) })}
      onClose={onClose}
      onDone={() => {
        for (const heard of tell) heard({ kind: 'sample_rejected', id: order.id, labNumber: order.barcode });
      }}
    >
      {(form) => (
        <>
          <Form.Item
            name="rejection_reason"
            label={t('reject.reason')}
            rules={[{ required: true, message: t('validation.required', { label: t('reject.reason') }) }]}
          >
            <Select showSearch={{ optionFilterProp: 'label' }} loading={reasons.isPending} options={offered.map((r) => ({ value: r.id, label: r.reason }))} />
          </Form.Item>
          <Form.Item name="scope" label={t('reject.scope')}>
            <Radio.Group
              options={[
                { value: 'all', label: t('reject.whole') },
                { value: 'some', label: t('reject.some'), disabled: open.length < 2 },
              ]}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.scope !== b.scope}>
            {() =>
              form.getFieldValue('scope') === 'some' && (
                <Form.Item name="test_orders" label={t('reject.tests')} rules={[{ type: 'array', min: 1, message: t('reject.testsRequired') }]}>
                  <Checkbox.Group className="clin-checklist" options={open.map((x) => ({ value: x.id, label: x.test_type_name }))} />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item name="comment" label={t('reject.comment')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
          </Form.Item>
        </>
      )}
    </MoveModal>
  );
}
