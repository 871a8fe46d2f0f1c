import { BarcodeOutlined } from '@ant-design/icons';
import { ARRIVAL_CONDITIONS, rejectionReasonsFor, type ShipmentDetail } from '@nlims/contracts';
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { fromLocalInput, toLocalInput } from '../../shared/format/format';
import { showServerErrors } from '../../shared/forms/forms';
import { DateTimeInput } from '../../shared/forms/DateInput';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { useRejectionReasons } from '../lookups/hooks';
import { type ReceiveReply, useReceiveShipment } from './api';
import { CELSIUS } from './labels';

type Condition = (typeof ARRIVAL_CONDITIONS)[number];
type Sample = ShipmentDetail['samples'][number];
interface Row {
  arrived: boolean;
  condition: Condition;
  accept: boolean;
  reason: number | null;
}
interface Fields {
  temperature?: number | null;
  received_at?: string;
  comment?: string;
}
type Notice = { type: 'success' | 'info' | 'warning'; text: string } | null;

/**
 * The testing laboratory receives the shipment: each sample's label scanned (or its row ticked), its condition on
 * arrival, accepted or rejected with a reason; the arrival temperature and time. Before saving, the samples not
 * scanned (recorded missing, back to the sender) and the labels scanned that are not in the shipment are named.
 */
export function ReceivePanel({ shipment, onReceived }: { shipment: ShipmentDetail; onReceived: (reply: ReceiveReply) => void }) {
  const { t } = useTranslation('dispatch');
  const receive = useReceiveShipment(shipment.id);
  // A table from a tablet up; on a phone, one card per sample.
  const wide = useMediaQuery(TABLET_UP);
  const reasons = useRejectionReasons();
  const [form] = Form.useForm<Fields>();
  const expected = useMemo(() => shipment.samples.filter((s) => s.state === 'in_transit'), [shipment.samples]);
  const [rows, setRows] = useState<Record<number, Row>>(() =>
    Object.fromEntries(expected.map((s) => [s.id, { arrived: false, condition: 'good', accept: true, reason: null }])),
  );
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [unexpected, setUnexpected] = useState<string[]>([]);
  const [scan, setScan] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const set = (id: number, change: Partial<Row>) => {
    setRows((now) => ({ ...now, [id]: { ...now[id]!, ...change } }));
    setRowErrors(({ [id]: _gone, ...rest }) => rest);
  };
  const arrived = expected.filter((s) => rows[s.id]?.arrived);
  const missing = expected.filter((s) => !rows[s.id]?.arrived);
  const rejected = arrived.filter((s) => !rows[s.id]!.accept);

  const onScan = (raw: string) => {
    const barcode = raw.trim();
    setScan('');
    if (!barcode) return;
    const sample = expected.find((s) => s.barcode.toLowerCase() === barcode.toLowerCase());
    if (!sample) {
      if (!unexpected.includes(barcode)) setUnexpected((u) => [...u, barcode]);
      return setNotice({ type: 'warning', text: t('receive.notInShipment', { barcode }) });
    }
    if (rows[sample.id]?.arrived) return setNotice({ type: 'info', text: t('scan.already', { barcode: sample.barcode }) });
    set(sample.id, { arrived: true });
    setNotice({ type: 'success', text: t('receive.scanned', { barcode: sample.barcode, count: arrived.length + 1, total: expected.length }) });
  };

  /** Checked here first: a rejected sample needs its reason. */
  const check = async () => {
    setProblem(null);
    const errors: Record<number, string> = {};
    for (const s of rejected) if (rows[s.id]!.reason == null) errors[s.id] = t('receive.reasonRequired');
    setRowErrors(errors);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    if (Object.keys(errors).length) return;
    setConfirming(true);
  };

  const save = async () => {
    const v = form.getFieldsValue(true) as Fields;
    const samples = arrived.map((s) => {
      const r = rows[s.id]!;
      return { id: s.id, condition: r.condition, accept: r.accept, rejection_reason: r.accept ? null : r.reason };
    });
    try {
      const reply = await receive.mutateAsync({
        samples,
        temperature: v.temperature ?? null,
        received_at: fromLocalInput(v.received_at),
        comment: v.comment?.trim() ?? '',
      });
      setConfirming(false);
      onReceived(reply);
    } catch (error) {
      setConfirming(false);
      const left = showServerErrors(form, error, ['temperature', 'received_at', 'comment']);
      // `samples.2.rejection_reason`: under that sample's row.
      const byRow: Record<number, string> = {};
      const rest: string[] = [];
      for (const line of left) {
        const m = /^samples\.(\d+)\.\w+: (.*)$/.exec(line);
        const sample = m ? samples[Number(m[1])] : undefined;
        if (sample) byRow[sample.id] = m![2]!;
        else rest.push(line);
      }
      setRowErrors(byRow);
      const shown = error instanceof ApiError && error.fieldErrors;
      setProblem(rest.length ? rest.join('\n') : shown ? null : t('receive.error'));
    }
  };

  const offered = (s: Sample) =>
    rejectionReasonsFor(
      (reasons.data ?? []).filter((r) => r.is_active !== false),
      { program: s.program },
    );

  const arrivedBox = (s: Sample) => (
    <Checkbox
      checked={rows[s.id]?.arrived}
      onChange={(e) => set(s.id, { arrived: e.target.checked })}
      aria-label={t('receive.arrivedLabel', { barcode: s.barcode })}
    />
  );
  const conditionSelect = (s: Sample) => (
    <Select<Condition>
      size="small"
      className="dsp-condition"
      disabled={!rows[s.id]?.arrived}
      value={rows[s.id]?.condition}
      onChange={(condition) => set(s.id, { condition })}
      aria-label={t('receive.conditionLabel', { barcode: s.barcode })}
      options={ARRIVAL_CONDITIONS.map((c) => ({ value: c, label: t(`condition.${c}`) }))}
    />
  );
  const decision = (s: Sample) => (
    <Radio.Group
      size="small"
      optionType="button"
      buttonStyle="solid"
      disabled={!rows[s.id]?.arrived}
      value={rows[s.id]?.accept ? 'accept' : 'reject'}
      onChange={(e) => set(s.id, { accept: e.target.value === 'accept' })}
      aria-label={t('receive.decisionLabel', { barcode: s.barcode })}
      options={[
        { value: 'accept', label: t('receive.accept') },
        { value: 'reject', label: t('receive.reject') },
      ]}
    />
  );
  /** The reason of a sample being rejected (required), with the error the check or the server gave it. */
  const reasonSelect = (s: Sample) =>
    rows[s.id]?.arrived && !rows[s.id]?.accept ? (
      <div className="dsp-reason">
        <Select<number>
          size="small"
          className="dsp-reason__select"
          status={rowErrors[s.id] ? 'error' : undefined}
          value={rows[s.id]?.reason ?? undefined}
          placeholder={t('receive.chooseReason')}
          onChange={(reason) => set(s.id, { reason })}
          loading={reasons.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('receive.reasonLabel', { barcode: s.barcode })}
          options={offered(s).map((r) => ({ value: r.id, label: r.reason }))}
        />
        {rowErrors[s.id] && <div className="dsp-reason__error">{rowErrors[s.id]}</div>}
      </div>
    ) : null;

  return (
    <Card size="small" title={t('receive.title')} className="dsp-receive" data-testid="receive-panel">
      <Input.Search
        className="dsp-scan"
        prefix={<BarcodeOutlined />}
        placeholder={t('scan.placeholder')}
        aria-label={t('scan.placeholder')}
        enterButton={t('receive.scan')}
        value={scan}
        onChange={(e) => setScan(e.target.value)}
        onSearch={onScan}
        autoComplete="off"
        data-testid="receive-scan"
      />
      {notice && <Alert type={notice.type} showIcon title={notice.text} className="dsp-alert" role="status" data-testid="receive-notice" />}
      <p className="dsp-receive__count">{t('receive.count', { count: arrived.length, total: expected.length })}</p>
      {wide ? (
        <Table<Sample>
          size="small"
          rowKey="id"
          dataSource={expected}
          pagination={false}
          scroll={{ x: 'max-content' }}
          className="dsp-receive__table"
          rowClassName={(s) => (rows[s.id]?.arrived ? 'dsp-row--arrived' : 'dsp-row--waiting')}
          columns={[
            { key: 'arrived', title: t('column.arrived'), render: (_, s) => arrivedBox(s) },
            { key: 'barcode', title: t('column.barcode'), render: (_, s) => <bdi>{s.barcode}</bdi> },
            { key: 'client', title: t('column.client'), dataIndex: 'client_name' },
            { key: 'condition', title: t('column.condition'), render: (_, s) => conditionSelect(s) },
            { key: 'decision', title: t('column.decision'), render: (_, s) => decision(s) },
            { key: 'reason', title: t('column.rejectionReason'), render: (_, s) => reasonSelect(s) ?? <span className="dsp-muted">—</span> },
          ]}
        />
      ) : (
        <ul className="dsp-receive__cards">
          {expected.map((s) => (
            <li key={s.id} className={rows[s.id]?.arrived ? 'dsp-card dsp-card--arrived' : 'dsp-card'} data-row-key={s.id}>
              <div className="dsp-card__head">
                {arrivedBox(s)}
                <div>
                  <bdi className="dsp-card__barcode">{s.barcode}</bdi>
                  <div className="dsp-muted">{[s.client_name, s.sample_type_name].filter(Boolean).join(' · ')}</div>
                </div>
              </div>
              <div className="dsp-card__controls">
                {conditionSelect(s)}
                {decision(s)}
              </div>
              {reasonSelect(s)}
            </li>
          ))}
        </ul>
      )}
      <Form<Fields> form={form} layout="vertical" initialValues={{ received_at: toLocalInput() }} className="dsp-grid dsp-receive__form">
        <Form.Item name="temperature" label={t('field.arrivalTemperature')}>
          <InputNumber min={-90} max={60} step={0.5} suffix={CELSIUS} className="dsp-number" />
        </Form.Item>
        <Form.Item name="received_at" label={t('field.receivedAt')} rules={[{ required: true, message: t('required') }]}>
          <DateTimeInput max={toLocalInput} />
        </Form.Item>
        <Form.Item name="comment" label={t('field.comment')} className="dsp-grid__wide">
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={500} />
        </Form.Item>
      </Form>
      <Differences missing={missing.map((s) => s.barcode)} unexpected={unexpected} testid="receive-check" />
      {problem && <Alert type="error" showIcon title={problem} className="dsp-alert" data-testid="receive-error" />}
      <Button type="primary" disabled={!arrived.length} loading={receive.isPending} onClick={() => void check()} data-testid="receive-save">
        {t('receive.save', { count: arrived.length })}
      </Button>
      {confirming && (
        <Modal
          open
          title={t('receive.confirmTitle', { number: shipment.number })}
          okText={t('receive.ok')}
          cancelText={t('back')}
          okButtonProps={{ loading: receive.isPending }}
          onOk={() => void save()}
          onCancel={() => setConfirming(false)}
          destroyOnHidden
        >
          <p>{t('receive.confirmText', { accepted: arrived.length - rejected.length, rejected: rejected.length })}</p>
          {rejected.length > 0 && (
            <p className="dsp-barcodes">
              {rejected.map((s) => (
                <Tag key={s.id} color="red">
                  {s.barcode}
                </Tag>
              ))}
            </p>
          )}
          <Differences missing={missing.map((s) => s.barcode)} unexpected={unexpected} />
        </Modal>
      )}
    </Card>
  );
}

/** The samples expected but not scanned (recorded missing) and the labels scanned that are not in the shipment. */
export function Differences({ missing, unexpected, testid }: { missing: string[]; unexpected: string[]; testid?: string }) {
  const { t } = useTranslation('dispatch');
  if (!missing.length && !unexpected.length) return null;
  return (
    <div className="dsp-differences" data-testid={testid}>
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="dsp-alert"
          title={t('receive.missing', { count: missing.length })}
          description={
            <span className="dsp-barcodes">
              {missing.map((b) => (
                <Tag key={b}>{b}</Tag>
              ))}
            </span>
          }
        />
      )}
      {unexpected.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="dsp-alert"
          title={t('receive.unexpected', { count: unexpected.length })}
          description={
            <span className="dsp-barcodes">
              {unexpected.map((b) => (
                <Tag key={b}>{b}</Tag>
              ))}
            </span>
          }
        />
      )}
    </div>
  );
}
