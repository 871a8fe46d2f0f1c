import { type ConsumableLot, lotOpenedExpiry, STOCK_ADJUSTMENT_REASONS } from '@nlims/contracts';
import { Alert, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../api/client';
import { useNotices } from '../../shared/notices';
import { todayLagos } from '../../shared/format/format';
import { DateInput } from '../../shared/forms/DateInput';
import { showOnFields } from '../../shared/forms/serverErrors';
import { type LotMove, useItem, useLotMove } from './api';
import { day, unitsText } from './labels';
import { PlaceSelect } from './pickers';

interface Values {
  bench?: number | null;
  direction?: 'out' | 'in';
  quantity?: number | null;
  reason?: string;
  note?: string;
  counted?: number;
  opened_on?: string;
  scope?: 'place' | 'everywhere';
  all?: boolean;
}

const FIELDS = ['bench', 'quantity', 'reason', 'note', 'counted', 'opened_on', 'everywhere'] as const;

/** What a lot holds at a place (null: the store). */
const heldAt = (lot: ConsumableLot, bench: number | null | undefined) =>
  bench == null ? lot.store_balance : (lot.benches.find((b) => b.bench === bench)?.quantity ?? 0);

/**
 * A move of one lot: adjust (with its reason), count (the quantity found), dispose (at a place or everywhere, all or
 * part — confirmed first, as it cannot be undone), open (the expiry once opened shown before), quarantine or release.
 */
export function LotMoveDialog({ lot, move, onClose }: { lot: ConsumableLot; move: LotMove; onClose: () => void }) {
  const { t } = useTranslation('consumables');
  const [form] = Form.useForm<Values>();
  const send = useLotMove(lot.id);
  const { message } = useNotices();
  const [modal, holder] = Modal.useModal();
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const item = useItem(move === 'open' ? lot.item : null);
  const bench = Form.useWatch('bench', form);
  const scope = Form.useWatch('scope', form) ?? 'place';
  const all = Form.useWatch('all', form) ?? true;
  const openedOn = Form.useWatch('opened_on', form);
  // A disposal at a place: the store, or a bench holding some of the lot.
  const places = lot.benches.map((b) => b.bench);

  const bodyOf = (v: Values): object => {
    switch (move) {
      case 'adjust':
        return { bench: v.bench ?? null, quantity: (v.direction === 'in' ? 1 : -1) * (v.quantity ?? 0), reason: v.reason, note: v.note ?? '' };
      case 'count':
        return { bench: v.bench ?? null, counted: v.counted, note: v.note ?? '' };
      case 'dispose':
        return v.scope === 'everywhere'
          ? { everywhere: true, reason: v.reason, note: v.note ?? '' }
          : { bench: v.bench ?? null, quantity: v.all === false ? v.quantity : null, reason: v.reason, note: v.note ?? '' };
      case 'open':
        return { opened_on: v.opened_on };
      default:
        return { note: v.note ?? '' };
    }
  };
  const perform = async (v: Values) => {
    setProblem(null);
    try {
      const done = await send.mutateAsync({ move, body: bodyOf(v), key });
      setKey(newIdempotencyKey());
      void message.success(t(`move.done.${move}`, { lot: done.lot_number }));
      onClose();
    } catch (error) {
      const rest = showOnFields(form, error, FIELDS);
      setProblem(rest.length ? rest.join('\n') : null);
    }
  };
  const submit = (v: Values) => {
    if (move !== 'dispose' && move !== 'quarantine') return perform(v);
    const units =
      move === 'dispose' ? (v.scope === 'everywhere' ? lot.balance : v.all === false ? (v.quantity ?? 0) : heldAt(lot, v.bench ?? null)) : lot.balance;
    modal.confirm({
      title: t(`confirm.${move}.title`, { lot: lot.lot_number }),
      content: t(`confirm.${move}.text`, { units: unitsText(t, units, lot), item: lot.item_name }),
      okText: t(`move.ok.${move}`),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => perform(v),
    });
  };
  const required = (label: string) => [{ required: true, message: t('form.required', { label }) }];
  const held = heldAt(lot, bench ?? null);
  return (
    <Modal
      open
      title={t(`move.title.${move}`, { lot: lot.lot_number })}
      okText={t(`move.ok.${move}`)}
      okButtonProps={{ htmlType: 'submit', form: 'cons-move', loading: send.isPending, danger: move === 'dispose' }}
      cancelText={t('cancel')}
      onCancel={onClose}
      destroyOnHidden
    >
      {holder}
      <p className="cons-dialog-context">
        <strong>{lot.item_name}</strong> · <bdi>{lot.lot_number}</bdi> · {t('lot.expires', { date: day(lot.effective_expiry) })}
        <span className="cons-muted cons-block">
          {t('store')}: {lot.store_balance} {lot.benches.map((b) => ` · ${b.bench_name}: ${b.quantity}`).join('')}
        </span>
      </p>
      <Form
        id="cons-move"
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          // the place holding some of the lot: the store when it does, else the first bench
          bench: lot.store_balance > 0 || !lot.benches.length ? null : lot.benches[0]!.bench,
          direction: 'out',
          // an expired lot goes whole
          scope: move === 'dispose' && lot.expired ? 'everywhere' : 'place',
          all: true,
          opened_on: todayLagos(),
          reason: move === 'dispose' && lot.expired ? 'expired' : undefined,
        }}
        data-testid="cons-move-form"
      >
        {move === 'dispose' && (
          <Form.Item name="scope" label={t('dispose.scope')}>
            <Radio.Group
              options={[
                { value: 'place', label: t('dispose.atPlace') },
                { value: 'everywhere', label: t('dispose.everywhere') },
              ]}
            />
          </Form.Item>
        )}
        {(move === 'adjust' || move === 'count' || (move === 'dispose' && scope === 'place')) && (
          <Form.Item name="bench" label={t('field.place')} extra={t('move.held', { units: unitsText(t, held, lot) })}>
            <PlaceSelect only={move === 'dispose' ? places : undefined} />
          </Form.Item>
        )}
        {move === 'adjust' && (
          <div className="cons-qty">
            <Form.Item name="direction" label={t('adjust.direction')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'out', label: t('adjust.out') },
                  { value: 'in', label: t('adjust.in') },
                ]}
              />
            </Form.Item>
            <Form.Item name="quantity" label={t('field.quantityUnits')} rules={required(t('field.quantityUnits'))}>
              <InputNumber min={1} precision={0} className="cons-number" />
            </Form.Item>
          </div>
        )}
        {move === 'count' && (
          <Form.Item name="counted" label={t('count.counted')} extra={t('count.hint')} rules={required(t('count.counted'))}>
            <InputNumber min={0} precision={0} className="cons-number" data-testid="cons-count" />
          </Form.Item>
        )}
        {move === 'dispose' && scope === 'place' && (
          <div className="cons-qty">
            <Form.Item name="all" label={t('dispose.how')}>
              <Radio.Group
                options={[
                  { value: true, label: t('dispose.all') },
                  { value: false, label: t('dispose.part') },
                ]}
              />
            </Form.Item>
            {!all && (
              <Form.Item name="quantity" label={t('field.quantityUnits')} rules={required(t('field.quantityUnits'))}>
                <InputNumber min={1} max={held || undefined} precision={0} className="cons-number" />
              </Form.Item>
            )}
          </div>
        )}
        {(move === 'adjust' || move === 'dispose') && (
          <Form.Item name="reason" label={t('field.reason')} rules={required(t('field.reason'))}>
            <Select options={STOCK_ADJUSTMENT_REASONS.map((r) => ({ value: r, label: t(`reason.${r}`) }))} />
          </Form.Item>
        )}
        {move === 'open' && (
          <Form.Item
            name="opened_on"
            label={t('open.on')}
            rules={required(t('open.on'))}
            extra={
              openedOn && item.data ? t('open.until', { date: day(lotOpenedExpiry(lot.expiry_date, openedOn, item.data.open_stability_days)) }) : undefined
            }
          >
            <DateInput max={todayLagos} min={lot.received_date} />
          </Form.Item>
        )}
        {move !== 'open' && (
          <Form.Item name="note" label={t('field.note')}>
            <Input.TextArea dir="auto" autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} />
          </Form.Item>
        )}
        {problem && <Alert type="error" showIcon title={problem} className="cons-alert" />}
      </Form>
    </Modal>
  );
}
