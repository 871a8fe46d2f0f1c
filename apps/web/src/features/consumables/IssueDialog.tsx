import type { ConsumableItem, ConsumableQuantityIn } from '@nlims/contracts';
import { Alert, Form, InputNumber, Modal, Radio, Select, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../api/client';
import { useNotices } from '../../shared/notices';
import { showOnFields } from '../../shared/forms/serverErrors';
import { useIssue, useIssuePlan, useItem, useTestOptions, useUsableLots } from './api';
import { day, unitsText } from './labels';
import { ItemSelect, PlaceSelect } from './pickers';

interface Values {
  item?: number;
  bench?: number | null;
  quantity?: number;
  quantity_in: ConsumableQuantityIn;
  lot: number | null;
}

const FIELDS = ['item', 'bench', 'quantity', 'quantity_in', 'lot'] as const;
const FEFO = 0;

/**
 * Issue an item from the store to a bench: the quantity in packs or units, first expiry first across the usable lots
 * (shown before the issue), or from one usable lot chosen. Expired, quarantined and disposed lots are not offered.
 */
export function IssueDialog({ item: givenItem, lot: givenLot, onClose }: { item?: number; lot?: number; onClose: () => void }) {
  const { t } = useTranslation('consumables');
  const [form] = Form.useForm<Values>();
  const issue = useIssue();
  const { message } = useNotices();
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const itemId = Form.useWatch('item', form) ?? givenItem;
  const quantity = Form.useWatch('quantity', form);
  const quantityIn = Form.useWatch('quantity_in', form) ?? 'packs';
  const lot = Form.useWatch('lot', form) ?? null;
  const item = useItem(itemId ?? null);
  const lots = useUsableLots(itemId ?? null);
  const tests = useTestOptions();
  const plan = useIssuePlan(itemId ?? null, quantity ?? null, quantityIn, lot === FEFO ? null : lot);
  // The bench that runs the item's first test is the likely destination.
  useEffect(() => {
    const data = item.data;
    if (!data || form.getFieldValue('bench') != null) return;
    const bench = tests.data?.find((x) => data.tests.some((c) => c.test_type === x.id))?.bench;
    if (bench != null) form.setFieldValue('bench', bench);
    if (data.pack_size <= 1) form.setFieldValue('quantity_in', 'units');
  }, [item.data, tests.data, form]);
  const usable = (lots.data?.results ?? []).filter((l) => l.store_balance > 0);
  const submit = async (v: Values) => {
    setProblem(null);
    try {
      const done = await issue.mutateAsync({
        key,
        body: {
          item: v.item!,
          bench: v.bench!,
          quantity: v.quantity!,
          quantity_in: v.quantity_in,
          lot: v.lot === FEFO ? null : v.lot,
          note: '',
        },
      });
      setKey(newIdempotencyKey());
      void message.success(t('issue.done', { quantity: done.quantity, bench: done.bench_name }));
      onClose();
    } catch (error) {
      const rest = showOnFields(form, error, FIELDS);
      setProblem(rest.length ? rest.join('\n') : null);
    }
  };
  const data: ConsumableItem | undefined = item.data;
  const p = plan.data;
  return (
    <Modal
      open
      title={t('issue.title')}
      okText={t('issue.ok')}
      cancelText={t('cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'cons-issue', loading: issue.isPending, disabled: (p?.short ?? 0) > 0 }}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      <Form
        id="cons-issue"
        form={form}
        layout="vertical"
        initialValues={{ item: givenItem, quantity_in: 'packs', lot: givenLot ?? FEFO }}
        onFinish={submit}
        data-testid="cons-issue-form"
      >
        <Form.Item name="item" label={t('field.item')} rules={[{ required: true, message: t('form.required', { label: t('field.item') }) }]}>
          <ItemSelect onChange={() => form.setFieldsValue({ lot: FEFO })} data-testid="cons-issue-item" />
        </Form.Item>
        <Form.Item name="bench" label={t('field.bench')} rules={[{ required: true, message: t('form.required', { label: t('field.bench') }) }]}>
          <PlaceSelect store={false} data-testid="cons-issue-bench" />
        </Form.Item>
        <div className="cons-qty">
          <Form.Item name="quantity" label={t('field.quantity')} rules={[{ required: true, message: t('form.required', { label: t('field.quantity') }) }]}>
            <InputNumber min={1} precision={0} className="cons-number" data-testid="cons-issue-quantity" />
          </Form.Item>
          <Form.Item name="quantity_in" label={t('field.quantity_in')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'packs', label: data ? t('in.packsOf', { n: data.pack_size }) : t('in.packs') },
                { value: 'units', label: t('in.units') },
              ]}
            />
          </Form.Item>
        </div>
        <Form.Item name="lot" label={t('field.lot')} extra={t('issue.lotHint')}>
          <Select
            data-testid="cons-issue-lot"
            disabled={itemId == null}
            options={[
              { value: FEFO, label: t('issue.fefo') },
              ...usable.map((l) => ({
                value: l.id,
                label: `${l.lot_number} · ${t('lot.expires', { date: day(l.effective_expiry) })} · ${unitsText(t, l.store_balance, l)}`,
              })),
            ]}
          />
        </Form.Item>
        {p && data && (
          <div className="cons-plan" data-testid="cons-issue-plan">
            <p className="cons-muted">
              {t('issue.available', { units: unitsText(t, p.available, data) })} · {t('issue.asked', { units: unitsText(t, p.quantity, data) })}
            </p>
            {p.lines.length > 0 && (
              <Table
                size="small"
                rowKey="lot"
                pagination={false}
                dataSource={p.lines}
                columns={[
                  { key: 'lot', title: t('field.lot'), render: (_, l) => <bdi>{l.lot_number}</bdi> },
                  { key: 'expiry', title: t('field.expiry'), render: (_, l) => day(l.effective_expiry) },
                  { key: 'quantity', title: t('field.quantity'), align: 'end', render: (_, l) => unitsText(t, l.quantity, data) },
                ]}
              />
            )}
            {p.short > 0 && <Alert type="warning" showIcon className="cons-alert" title={t('issue.short', { units: unitsText(t, p.available, data) })} />}
          </div>
        )}
        {problem && <Alert type="error" showIcon title={problem} className="cons-alert" />}
      </Form>
    </Modal>
  );
}
