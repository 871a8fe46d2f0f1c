import { PlusOutlined } from '@ant-design/icons';
import { type ConsumableCostPer, type ConsumableQuantityIn, type ConsumableReceiptReply, toStockUnits, unitCostOf } from '@nlims/contracts';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { newIdempotencyKey } from '../../api/client';
import { useNotices } from '../../shared/notices';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { todayLagos } from '../../shared/format/format';
import { DateInput } from '../../shared/forms/DateInput';
import { showOnFields } from '../../shared/forms/serverErrors';
import type { PageProps } from '../../shared/page/pageProps';
import { useItem, useReceive, useSuppliers } from './api';
import { ItemDrawer } from './ItemDrawer';
import { day, naira, toKobo, unitLine, unitsText } from './labels';
import { ItemSelect } from './pickers';
import { ReceiptsTab } from './ReceiptsTab';
import './consumables.css';

interface Values {
  item?: number;
  lot_number?: string;
  expiry_date?: string;
  received_date?: string;
  supplier?: number | null;
  quantity?: number;
  quantity_in: ConsumableQuantityIn;
  cost?: number | null;
  cost_per: ConsumableCostPer;
  note?: string;
}

const FIELDS = ['item', 'lot_number', 'expiry_date', 'received_date', 'supplier', 'quantity', 'quantity_in', 'cost', 'cost_per', 'note'] as const;

/**
 * Receive stock (`/commodities/createConsumable`): the item (picked, or added here), its lot, expiry, quantity in
 * packs or units, supplier and cost. A lot number the item already holds adds to that lot (same expiry).
 */
export default function ReceivePage({ page }: PageProps) {
  const { t } = useTranslation('consumables');
  const [form] = Form.useForm<Values>();
  const receive = useReceive();
  const suppliers = useSuppliers();
  const { message } = useNotices();
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [last, setLast] = useState<ConsumableReceiptReply | null>(null);
  const itemId = Form.useWatch('item', form);
  const quantity = Form.useWatch('quantity', form);
  const quantityIn = Form.useWatch('quantity_in', form) ?? 'packs';
  const cost = Form.useWatch('cost', form);
  const costPer = Form.useWatch('cost_per', form) ?? 'pack';
  const item = useItem(itemId ?? null);
  const data = item.data;
  const units = data && quantity ? toStockUnits(quantity, quantityIn, data.pack_size) : null;
  const unitCost = data && cost != null ? unitCostOf(toKobo(cost), costPer, data.pack_size) : null;
  const submit = async (v: Values) => {
    setProblem(null);
    try {
      const done = await receive.mutateAsync({
        key,
        body: {
          item: v.item!,
          lot_number: v.lot_number!,
          expiry_date: v.expiry_date!,
          received_date: v.received_date,
          supplier: v.supplier ?? null,
          quantity: v.quantity!,
          quantity_in: v.quantity_in,
          cost: toKobo(v.cost),
          cost_per: v.cost_per,
          note: v.note ?? '',
        },
      });
      setKey(newIdempotencyKey());
      setLast(done);
      void message.success(t('receive.done', { lot: done.lot.lot_number }));
      form.resetFields(['lot_number', 'expiry_date', 'quantity', 'cost', 'note']);
    } catch (error) {
      const rest = showOnFields(form, error, FIELDS);
      setProblem(rest.length ? rest.join('\n') : null);
    }
  };
  const required = (label: string) => [{ required: true, message: t('form.required', { label }) }];
  return (
    <ClinicalPage page={page} className="cons-page" extra={<Link to="/commodities/consumable">{t('receive.toStock')}</Link>}>
      <Card size="small">
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{ received_date: todayLagos(), quantity_in: 'packs', cost_per: 'pack', supplier: null }}
          className="cons-receive"
          data-testid="cons-receive-form"
          scrollToFirstError
        >
          <div className="cons-form-grid">
            <Form.Item label={t('field.item')} htmlFor="item" required className="cons-form-wide">
              <Space.Compact className="cons-item-pick">
                <Form.Item name="item" noStyle rules={required(t('field.item'))}>
                  <ItemSelect data-testid="cons-receive-item" />
                </Form.Item>
                <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="cons-receive-new-item">
                  {t('receive.newItem')}
                </Button>
              </Space.Compact>
              {data && (
                <span className="cons-muted cons-block">
                  {t(`category.${data.category}`)} · {unitLine(t, data)} · {t('item.usable')}: {unitsText(t, data.usable_total, data)}
                </span>
              )}
            </Form.Item>
            <Form.Item
              name="lot_number"
              label={t('field.lot_number')}
              rules={[{ required: true, whitespace: true, message: t('form.required', { label: t('field.lot_number') }) }]}
            >
              <Input maxLength={100} dir="ltr" data-testid="cons-receive-lot" />
            </Form.Item>
            <Form.Item name="expiry_date" label={t('field.expiry_date')} rules={required(t('field.expiry_date'))}>
              <DateInput data-testid="cons-receive-expiry" />
            </Form.Item>
            <Form.Item name="received_date" label={t('field.received_date')} rules={required(t('field.received_date'))}>
              <DateInput max={todayLagos} />
            </Form.Item>
            <Form.Item name="supplier" label={t('field.supplier')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={suppliers.isPending}
                options={(suppliers.data ?? []).filter((s) => s.is_active !== false).map((s) => ({ value: s.id, label: s.name }))}
              />
            </Form.Item>
            <div className="cons-qty">
              <Form.Item name="quantity" label={t('field.quantity')} rules={required(t('field.quantity'))}>
                <InputNumber min={1} precision={0} className="cons-number" data-testid="cons-receive-quantity" />
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
            <div className="cons-qty">
              <Form.Item name="cost" label={t('field.cost')} extra={t('field.costHint')}>
                <InputNumber min={0} precision={2} step={100} prefix="₦" className="cons-number" />
              </Form.Item>
              <Form.Item name="cost_per" label={t('field.cost_per')}>
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 'pack', label: t('per.pack') },
                    { value: 'unit', label: t('per.unit') },
                  ]}
                />
              </Form.Item>
            </div>
            <Form.Item name="note" label={t('field.note')} className="cons-form-wide">
              <Input.TextArea dir="auto" autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} />
            </Form.Item>
          </div>
          {data && units != null && (
            <p className="cons-summary" data-testid="cons-receive-summary">
              {t('receive.summary', { units: unitsText(t, units, data) })}
              {unitCost != null && ` · ${t('receive.unitCost', { cost: naira(unitCost) })} · ${t('receive.total', { cost: naira(unitCost * units) })}`}
            </p>
          )}
          {problem && <Alert type="error" showIcon title={problem} className="cons-alert" />}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={receive.isPending} data-testid="cons-receive-submit">
              {t('receive.submit')}
            </Button>
            <Link to="/commodities/consumable">{t('cancel')}</Link>
          </Space>
        </Form>
      </Card>
      {last && (
        <Alert
          type="success"
          showIcon
          className="cons-alert"
          data-testid="cons-receive-done"
          title={t('receive.doneTitle', { lot: last.lot.lot_number, item: last.lot.item_name })}
          description={t('receive.doneText', {
            units: unitsText(t, last.receipt.quantity, last.lot),
            balance: unitsText(t, last.lot.store_balance, last.lot),
            expiry: day(last.lot.expiry_date),
          })}
        />
      )}
      <h3 className="cons-section-title">{t('receive.recent')}</h3>
      <ReceiptsTab compact />
      {adding && (
        <ItemDrawer
          item={null}
          onClose={() => setAdding(false)}
          onSaved={(made) => {
            form.setFieldsValue({ item: made.id, quantity_in: made.pack_size > 1 ? 'packs' : 'units' });
          }}
        />
      )}
    </ClinicalPage>
  );
}
