import { type AssetDetail, MAINTENANCE_KINDS } from '@nlims/contracts';
import { Alert, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromLocalInput, todayLagos, toLocalInput } from '../../shared/format/format';
import { DateInput, DateTimeInput } from '../../shared/forms/DateInput';
import { type AssetMove, useAssetMove, useKinds } from './api';
import { CHECKOUT_FIELDS, CheckOutFields, type CheckOutValues, checkOutBody, targetField } from './CheckOutFields';
import { checkoutText, unavailableText } from './labels';
import { showOnFields } from './serverErrors';

export type MoveKind = AssetMove['verb'];

const FIELDS: Record<MoveKind, readonly string[]> = {
  check_out: CHECKOUT_FIELDS,
  check_in: ['note'],
  under_repair: ['down_from', 'fault'],
  back_in_service: ['down_to', 'work_done', 'performed_by', 'cost_kobo'],
  out_of_service: ['since', 'reason'],
  maintenance: ['kind', 'down_from', 'down_to', 'work_done', 'performed_by', 'cost_kobo'],
  calibrations: ['calibrated_on', 'valid_until', 'calibrator', 'report'],
  certificates: ['agency', 'number', 'valid_from', 'valid_to'],
};

/** Naira typed (₦12,500.00) → kobo sent. */
const kobo = (naira: unknown) => (naira == null || naira === '' ? 0 : Math.round(Number(naira) * 100));
const moment = (local: unknown) => (local ? (fromLocalInput(local as string) ?? null) : null);

function bodyOf(kind: MoveKind, v: Record<string, unknown>): AssetMove {
  const s = (key: string) => ((v[key] as string | undefined) ?? '').trim();
  switch (kind) {
    case 'check_out':
      return { verb: kind, body: checkOutBody(v as unknown as CheckOutValues) };
    case 'check_in':
      return { verb: kind, body: { note: s('note') } };
    case 'under_repair':
      return { verb: kind, body: { down_from: moment(v.down_from), fault: s('fault') } };
    case 'back_in_service':
      return { verb: kind, body: { down_to: moment(v.down_to), work_done: s('work_done'), performed_by: s('performed_by'), cost_kobo: kobo(v.cost) } };
    case 'out_of_service':
      return { verb: kind, body: { since: moment(v.since), reason: s('reason') } };
    case 'maintenance':
      return {
        verb: kind,
        body: {
          kind: v.kind as (typeof MAINTENANCE_KINDS)[number],
          down_from: moment(v.down_from)!,
          down_to: moment(v.down_to)!,
          work_done: s('work_done'),
          performed_by: s('performed_by'),
          cost_kobo: kobo(v.cost),
        },
      };
    case 'calibrations':
      return {
        verb: kind,
        body: { calibrated_on: v.calibrated_on as string, valid_until: (v.valid_until as string) || null, calibrator: s('calibrator'), report: s('report') },
      };
    case 'certificates':
      return { verb: kind, body: { agency: s('agency'), number: s('number'), valid_from: v.valid_from as string, valid_to: v.valid_to as string } };
  }
}

/** The cost field: naira with kobo, shown with the naira sign. */
function CostItem() {
  const { t } = useTranslation('assets');
  return (
    <Form.Item name="cost" label={t('move.cost')}>
      <InputNumber min={0} max={21_000_000} step={100} precision={2} prefix="₦" style={{ width: '100%' }} inputMode="decimal" />
    </Form.Item>
  );
}

/** One move or record of an asset, in a dialog: the form, the server's refusal on its fields, the asset's detail after. */
export function MoveDialog({ asset, kind, onClose }: { asset: AssetDetail; kind: MoveKind; onClose: () => void }) {
  const { t } = useTranslation('assets');
  const [form] = Form.useForm();
  const move = useAssetMove(asset.id);
  const kinds = useKinds();
  const [problem, setProblem] = useState<string | null>(null);
  const required = (label: string) => [{ required: true, whitespace: true, message: t('form.required', { label }) }];
  const submit = async (v: Record<string, unknown>) => {
    setProblem(null);
    try {
      await move.mutateAsync(bodyOf(kind, v));
      onClose();
    } catch (error) {
      const rest = showOnFields(form, error, [...FIELDS[kind], 'cost'], (name) => (name === 'cost_kobo' ? 'cost' : targetField(name)));
      setProblem(rest.length ? rest.join('\n') : null);
    }
  };
  const now = toLocalInput();
  const initial: Record<MoveKind, Record<string, unknown>> = {
    check_out: { to: 'bench' },
    check_in: {},
    under_repair: { down_from: now },
    back_in_service: { down_to: now },
    out_of_service: { since: now },
    maintenance: { kind: 'preventive' },
    calibrations: { calibrated_on: todayLagos() },
    certificates: {},
  };
  const calibrationDays = kinds.data?.find((k) => k.id === asset.generic)?.calibration_interval_days ?? null;
  return (
    <Modal
      open
      title={t(`move.title.${kind}`, { name: asset.name })}
      okText={t(`move.ok.${kind}`)}
      cancelText={t('cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'asset-move', loading: move.isPending, danger: kind === 'out_of_service' || kind === 'under_repair' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="asset-muted">
        <bdi className="asset-code">{asset.tag}</bdi> · <span className="asset-name">{asset.name}</span>
        {asset.checkout && kind === 'check_in' && <span className="asset-block">{checkoutText(t, asset.checkout)}</span>}
      </p>
      {(kind === 'under_repair' || kind === 'out_of_service') && asset.machine_setting != null && (
        <Alert type="warning" showIcon className="asset-alert" title={t('move.blocksResults', { machine: asset.machine_setting_name ?? asset.name })} />
      )}
      {kind === 'back_in_service' && asset.unavailable && <Alert type="info" showIcon className="asset-alert" title={unavailableText(t, asset.unavailable)} />}
      <Form id="asset-move" form={form} layout="vertical" initialValues={initial[kind]} onFinish={submit}>
        {kind === 'check_out' && <CheckOutFields />}
        {kind === 'check_in' && (
          <Form.Item name="note" label={t('checkout.note')}>
            <Input maxLength={500} dir="auto" />
          </Form.Item>
        )}
        {kind === 'under_repair' && (
          <>
            <Form.Item name="down_from" label={t('move.downFrom')}>
              <DateTimeInput max={toLocalInput} />
            </Form.Item>
            <Form.Item name="fault" label={t('move.fault')}>
              <Input.TextArea dir="auto" autoSize={{ minRows: 2, maxRows: 5 }} maxLength={2000} />
            </Form.Item>
          </>
        )}
        {(kind === 'back_in_service' || kind === 'maintenance') && (
          <>
            {kind === 'maintenance' && (
              <>
                <Form.Item name="kind" label={t('move.kind')} rules={required(t('move.kind'))}>
                  <Radio.Group options={MAINTENANCE_KINDS.map((k) => ({ value: k, label: t(`maintenance.${k}`) }))} />
                </Form.Item>
                <Form.Item name="down_from" label={t('move.downFrom')} rules={required(t('move.downFrom'))}>
                  <DateTimeInput max={toLocalInput} />
                </Form.Item>
              </>
            )}
            <Form.Item name="down_to" label={t('move.downTo')} rules={kind === 'maintenance' ? required(t('move.downTo')) : undefined}>
              <DateTimeInput max={toLocalInput} />
            </Form.Item>
            <Form.Item name="work_done" label={t('move.workDone')} rules={kind === 'maintenance' ? required(t('move.workDone')) : undefined}>
              <Input.TextArea dir="auto" autoSize={{ minRows: 2, maxRows: 5 }} maxLength={2000} />
            </Form.Item>
            <Form.Item name="performed_by" label={t('move.performedBy')}>
              <Input maxLength={200} dir="auto" />
            </Form.Item>
            <CostItem />
          </>
        )}
        {kind === 'out_of_service' && (
          <>
            <Form.Item name="since" label={t('move.since')}>
              <DateTimeInput max={toLocalInput} />
            </Form.Item>
            <Form.Item name="reason" label={t('move.reason')} rules={required(t('move.reason'))}>
              <Input.TextArea dir="auto" autoSize={{ minRows: 2, maxRows: 5 }} maxLength={2000} />
            </Form.Item>
          </>
        )}
        {kind === 'calibrations' && (
          <>
            <Form.Item name="calibrated_on" label={t('move.calibratedOn')} rules={required(t('move.calibratedOn'))}>
              <DateInput max={todayLagos} />
            </Form.Item>
            <Form.Item
              name="valid_until"
              label={t('move.validUntil')}
              extra={calibrationDays ? t('move.validUntilDefault', { count: calibrationDays }) : undefined}
              rules={calibrationDays ? undefined : required(t('move.validUntil'))}
            >
              <DateInput />
            </Form.Item>
            <Form.Item name="calibrator" label={t('move.calibrator')}>
              <Input maxLength={200} dir="auto" />
            </Form.Item>
            <Form.Item name="report" label={t('move.report')}>
              <Input.TextArea dir="auto" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={4000} />
            </Form.Item>
          </>
        )}
        {kind === 'certificates' && (
          <>
            <Form.Item name="agency" label={t('move.agency')} rules={required(t('move.agency'))}>
              <Input maxLength={200} dir="auto" />
            </Form.Item>
            <Form.Item name="number" label={t('move.number')}>
              <Input maxLength={100} dir="auto" />
            </Form.Item>
            <Form.Item name="valid_from" label={t('move.validFrom')} rules={required(t('move.validFrom'))}>
              <DateInput />
            </Form.Item>
            <Form.Item name="valid_to" label={t('move.validTo')} rules={required(t('move.validTo'))}>
              <DateInput />
            </Form.Item>
          </>
        )}
        {problem && <Alert type="error" showIcon title={problem} className="asset-alert" />}
      </Form>
    </Modal>
  );
}
