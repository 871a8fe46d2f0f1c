import { BarcodeOutlined } from '@ant-design/icons';
import { SAMPLE_STATUS, STORAGE_TEMPERATURES, type SampleListItem, type ShipmentCreateBody, type StorageTemperature } from '@nlims/contracts';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, InputNumber, Modal, Radio, Select, Space, Steps, Table, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/errors';
import { ltr } from '../../shared/format/figures';
import { todayLagos } from '../../shared/format/format';
import { showServerErrors } from '../../shared/forms/forms';
import { statusKey } from '../../shared/status/statusLabels';
import { programmeOf, type Programme } from '../clinical/programme';
import { useSession } from '../auth/useSession';
import { DateInput } from '../../shared/forms/DateInput';
import { useMediaQuery } from '../../shared/page/useMediaQuery';
import { dispatchProgrammes } from './access';
import { COLLECTED_PAGE, findByBarcode, useCollectedSamples, useCouriers, useCreateShipment, useDestinations } from './api';
import { CELSIUS, day, degrees, storageText, when } from './labels';

interface Values {
  program?: string;
  receiving_facility?: number;
  courier?: number | null;
  samples: number[];
  packaging?: string;
  boxes?: number;
  storage_temperature?: StorageTemperature;
  pickup_temperature?: number | null;
  packed_by?: string;
  rider_name?: string;
  rider_phone?: string;
  pickup_date?: string;
}

/** The fields of each step, in order: where a field's error sends the user back to. */
const STEP_FIELDS: readonly (readonly string[])[] = [
  ['program', 'receiving_facility', 'courier'],
  ['samples'],
  ['packaging', 'boxes', 'storage_temperature', 'pickup_temperature', 'packed_by', 'rider_name', 'rider_phone', 'pickup_date'],
  [],
];
const FIELDS = STEP_FIELDS.flat();
const stepOf = (field: string) => STEP_FIELDS.findIndex((fields) => fields.includes(field.split('.')[0]!));
/** The server's pattern for a phone number. */
const PHONE = /^(\+?\d[\d ]{6,18})?$/;
const PHONE_QUERY = '(max-width: 575px)';

/**
 * A new shipment, in four steps: where to (programme, testing laboratory, courier), which samples (scanned or ticked
 * among the facility's collected ones), how they travel (packaging, boxes, temperatures, who packed, the rider, the
 * pick-up date), then a review and a confirmation. The created shipment opens, with its manifest and next moves.
 */
export function NewShipment() {
  const { t } = useTranslation(['dispatch', 'app']);
  const { user, program: selected } = useSession();
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE_QUERY);
  const [form] = Form.useForm<Values>();
  const [modal, holder] = Modal.useModal();
  const [step, setStep] = useState(0);
  const [problem, setProblem] = useState<string[]>([]);
  const create = useCreateShipment();
  const programmes = useMemo(() => (user ? dispatchProgrammes(user) : []), [user]);
  const program = Form.useWatch('program', form);
  const facility = Form.useWatch('receiving_facility', form);
  const programme = useMemo(
    () => (program && user ? programmeOf(program, user.programs_roles.find((r) => r.programs === program)?.roles) : null),
    [program, user],
  );
  const destinations = useDestinations(program);
  const couriers = useCouriers();
  // The samples shown and chosen: the collected list and any found by barcode beyond it.
  const [found, setFound] = useState<SampleListItem[]>([]);

  // Each testing laboratory once (a facility may serve in two networks); its first network's courier is the default.
  const labs = useMemo(() => {
    const seen = new Map<number, NonNullable<typeof destinations.data>[number]>();
    for (const d of destinations.data ?? []) if (!seen.has(d.facility)) seen.set(d.facility, d);
    return [...seen.values()];
  }, [destinations.data]);

  // A programme's laboratories known: the first is chosen, with its network's courier.
  useEffect(() => {
    if (!labs.length || form.getFieldValue('receiving_facility') != null) return;
    form.setFieldsValue({ receiving_facility: labs[0]!.facility, courier: labs[0]!.courier });
  }, [labs, form]);

  if (!user) return null;
  if (!programmes.length) return <Empty description={t('noDispatchProgramme')} />;

  const initial: Values = {
    program: selected && programmes.includes(selected) ? selected : programmes[0],
    samples: [],
    boxes: 1,
    packed_by: `${user.first_name} ${user.last_name}`.trim() || user.username,
    pickup_date: todayLagos(),
    packaging: '',
    rider_name: '',
    rider_phone: '',
  };

  const onValuesChange = (changed: Partial<Values>) => {
    if ('program' in changed) {
      // Another programme: other laboratories and other samples.
      form.setFieldsValue({ receiving_facility: undefined, courier: null, samples: [] });
      setFound([]);
    }
    if ('receiving_facility' in changed) form.setFieldsValue({ courier: labs.find((l) => l.facility === changed.receiving_facility)?.courier ?? null });
  };

  const next = async () => {
    try {
      await form.validateFields(STEP_FIELDS[step] as string[]);
      setStep((s) => Math.min(s + 1, STEP_FIELDS.length - 1));
    } catch {
      // the fields show what is missing
    }
  };

  const bodyOf = (v: Values): ShipmentCreateBody => ({
    receiving_facility: v.receiving_facility!,
    courier: v.courier ?? null,
    samples: v.samples,
    packaging: v.packaging ?? '',
    boxes: v.boxes ?? 1,
    storage_temperature: v.storage_temperature!,
    pickup_temperature: v.pickup_temperature ?? null,
    packed_by: v.packed_by ?? '',
    rider_name: v.rider_name ?? '',
    rider_phone: v.rider_phone ?? '',
    pickup_date: v.pickup_date!,
  });

  const submit = () => {
    const values = form.getFieldsValue(true) as Values;
    const lab = labs.find((l) => l.facility === values.receiving_facility);
    setProblem([]);
    modal.confirm({
      title: t('create.title'),
      content: t('create.text', { count: values.samples.length, laboratory: lab?.facility_name ?? '' }),
      okText: t('create.ok'),
      cancelText: t('back'),
      onOk: async () => {
        try {
          const made = await create.mutateAsync(bodyOf(values));
          navigate(`/dispatch/shipment/${made.id}`);
        } catch (error) {
          const left = showServerErrors(form, error, FIELDS);
          const fields = error instanceof ApiError ? Object.keys(error.fieldErrors ?? {}) : [];
          const first = Math.min(...fields.map(stepOf).filter((s) => s >= 0));
          if (Number.isFinite(first)) setStep(first);
          setProblem(left.length ? left : fields.length ? [] : [t('create.error')]);
        }
      },
    });
  };

  const values = form.getFieldsValue(true) as Values;
  const lab = labs.find((l) => l.facility === facility);
  const courierName = couriers.data?.find((c) => c.id === values.courier)?.name;
  const titles = [t('step.route'), t('step.samples'), t('step.packing'), t('step.review')];

  return (
    <Card className="dsp-new" data-testid="new-shipment">
      {holder}
      <Steps
        className="dsp-steps"
        size="small"
        current={step}
        responsive={false}
        onChange={(to) => to < step && setStep(to)}
        // On a phone the counter below names the step: the steps show their numbers only.
        items={titles.map((title, i) => ({ title: phone ? undefined : title, disabled: i > step }))}
      />
      <p className="dsp-step-count" aria-live="polite">
        {t('stepCount', { step: step + 1, total: titles.length, title: titles[step] })}
      </p>
      <Form<Values> form={form} layout="vertical" initialValues={initial} onValuesChange={onValuesChange} className="dsp-form" requiredMark="optional">
        <div hidden={step !== 0}>
          <div className="dsp-grid">
            <Form.Item name="program" label={t('field.program')} rules={[{ required: true, message: t('required') }]}>
              <Select options={programmes.map((p) => ({ value: p, label: t(`app:program.${p}`) }))} />
            </Form.Item>
            <Form.Item
              name="receiving_facility"
              label={t('field.laboratory')}
              rules={[{ required: true, message: t('required') }]}
              extra={lab ? t('network', { network: lab.network_name, hours: lab.expected_hours }) : undefined}
            >
              <Select
                loading={destinations.isPending && !!program}
                notFoundContent={destinations.isPending ? undefined : t('noLaboratory')}
                options={labs.map((l) => ({ value: l.facility, label: l.facility_name }))}
              />
            </Form.Item>
            <Form.Item name="courier" label={t('field.courier')}>
              <Select
                allowClear
                placeholder={t('noCourier')}
                loading={couriers.isPending}
                options={(couriers.data ?? []).filter((c) => c.is_active || c.id === values.courier).map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
          </div>
          {destinations.data && !labs.length && <Alert type="warning" showIcon title={t('noLaboratory')} />}
        </div>
        <div hidden={step !== 1}>
          <Form.Item name="samples" label={t('field.samples')} rules={[{ required: true, type: 'array', min: 1, message: t('samplesRequired') }]}>
            <SamplePicker programme={programme} found={found} onFound={(s) => setFound((now) => [...now.filter((x) => x.id !== s.id), s])} />
          </Form.Item>
        </div>
        <div hidden={step !== 2}>
          <div className="dsp-grid">
            <Form.Item name="packaging" label={t('field.packaging')}>
              <Input maxLength={200} placeholder={t('packagingHint')} />
            </Form.Item>
            <Form.Item name="boxes" label={t('field.boxes')} rules={[{ required: true, message: t('required') }]}>
              <InputNumber min={1} max={100} precision={0} className="dsp-number" />
            </Form.Item>
            <Form.Item name="storage_temperature" label={t('field.storage')} rules={[{ required: true, message: t('required') }]}>
              <Radio.Group optionType="button" className="dsp-storage" options={STORAGE_TEMPERATURES.map((s) => ({ value: s, label: storageText(t, s) }))} />
            </Form.Item>
            <Form.Item name="pickup_temperature" label={t('field.pickupTemperature')}>
              <InputNumber min={-90} max={60} step={0.5} suffix={CELSIUS} className="dsp-number" />
            </Form.Item>
            <Form.Item name="packed_by" label={t('field.packedBy')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
              <Input maxLength={120} autoComplete="name" />
            </Form.Item>
            <Form.Item name="rider_name" label={t('field.riderName')}>
              <Input maxLength={120} />
            </Form.Item>
            <Form.Item name="rider_phone" label={t('field.riderPhone')} rules={[{ pattern: PHONE, message: t('phoneInvalid') }]}>
              <Input type="tel" className="dsp-phone" maxLength={20} placeholder="+234 803 000 0000" autoComplete="tel" />
            </Form.Item>
            <Form.Item name="pickup_date" label={t('field.pickupDate')} rules={[{ required: true, message: t('required') }]}>
              <DateInput />
            </Form.Item>
          </div>
        </div>
        {step === 3 && (
          <div data-testid="shipment-review">
            <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2 }} className="dsp-review">
              <Descriptions.Item label={t('field.program')}>{values.program ? t(`app:program.${values.program}`) : '—'}</Descriptions.Item>
              <Descriptions.Item label={t('field.laboratory')}>{lab?.facility_name ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('field.courier')}>{courierName ?? t('noCourier')}</Descriptions.Item>
              <Descriptions.Item label={t('field.pickupDate')}>{day(values.pickup_date)}</Descriptions.Item>
              <Descriptions.Item label={t('field.packaging')}>{values.packaging || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('field.boxes')}>{values.boxes}</Descriptions.Item>
              <Descriptions.Item label={t('field.storage')}>{values.storage_temperature ? storageText(t, values.storage_temperature) : '—'}</Descriptions.Item>
              <Descriptions.Item label={t('field.pickupTemperature')}>{degrees(values.pickup_temperature)}</Descriptions.Item>
              <Descriptions.Item label={t('field.packedBy')}>{values.packed_by}</Descriptions.Item>
              <Descriptions.Item label={t('field.rider')}>
                {[values.rider_name, values.rider_phone && ltr(values.rider_phone)].filter(Boolean).join(' · ') || '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('field.samples')} span="filled">
                <span className="dsp-barcodes">
                  {values.samples.map((id) => (
                    <Tag key={id}>{found.find((s) => s.id === id)?.barcode ?? id}</Tag>
                  ))}
                </span>
              </Descriptions.Item>
            </Descriptions>
          </div>
        )}
        {problem.length > 0 && <Alert type="error" showIcon title={problem.join('\n')} className="dsp-alert" data-testid="shipment-error" />}
        <Space wrap className="dsp-step-buttons">
          {step > 0 && <Button onClick={() => setStep((s) => s - 1)}>{t('back')}</Button>}
          {step < 3 ? (
            <Button type="primary" onClick={next} data-testid="shipment-next">
              {t('next')}
            </Button>
          ) : (
            <Button type="primary" onClick={submit} loading={create.isPending} data-testid="shipment-create">
              {t('create.button', { count: values.samples.length })}
            </Button>
          )}
        </Space>
      </Form>
    </Card>
  );
}

interface PickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  programme: Programme | null;
  found: SampleListItem[];
  onFound: (sample: SampleListItem) => void;
}

type Notice = { type: 'success' | 'info' | 'warning'; text: string } | null;

/** Collected samples of the programme: a barcode scanned (or typed, then Enter) adds its sample; rows can be ticked too. */
function SamplePicker({ value = [], onChange, programme, found, onFound }: PickerProps) {
  const { t } = useTranslation(['dispatch', 'clinical']);
  const collected = useCollectedSamples(programme);
  const [scan, setScan] = useState('');
  const [checking, setChecking] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const listed = collected.data?.results ?? [];
  const rows = [...listed, ...found.filter((f) => !listed.some((l) => l.id === f.id))];

  // The list's rows are remembered, so the review names every chosen sample by its barcode.
  useEffect(() => {
    for (const s of listed) if (value.includes(s.id) && !found.some((f) => f.id === s.id)) onFound(s);
  }, [listed, value, found, onFound]);

  const add = (sample: SampleListItem) => {
    onFound(sample);
    if (value.includes(sample.id)) return setNotice({ type: 'info', text: t('scan.already', { barcode: sample.barcode }) });
    onChange?.([...value, sample.id]);
    setNotice({ type: 'success', text: t('scan.added', { barcode: sample.barcode, count: value.length + 1 }) });
  };

  const onScan = async (raw: string) => {
    const barcode = raw.trim();
    setScan('');
    if (!barcode || !programme) return;
    const row = rows.find((r) => r.barcode.toLowerCase() === barcode.toLowerCase());
    if (row) return add(row);
    setChecking(true);
    try {
      const sample = await findByBarcode(programme, barcode);
      if (sample?.status === SAMPLE_STATUS.COLLECTED) add(sample);
      else if (sample)
        setNotice({ type: 'warning', text: t('scan.notCollected', { barcode: sample.barcode, status: t(statusKey(sample.status), { ns: 'clinical' }) }) });
      else setNotice({ type: 'warning', text: t('scan.unknown', { barcode }) });
    } catch {
      setNotice({ type: 'warning', text: t('scan.unknown', { barcode }) });
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="dsp-picker">
      <Input.Search
        className="dsp-scan"
        prefix={<BarcodeOutlined />}
        placeholder={t('scan.placeholder')}
        aria-label={t('scan.placeholder')}
        enterButton={t('scan.add')}
        value={scan}
        loading={checking}
        onChange={(e) => setScan(e.target.value)}
        onSearch={(v) => void onScan(v)}
        autoComplete="off"
        data-testid="sample-scan"
      />
      {notice && <Alert type={notice.type} showIcon title={notice.text} className="dsp-alert" data-testid="scan-notice" role="status" />}
      {collected.isError && !collected.data && <Alert type="error" showIcon title={t('samplesLoadError')} className="dsp-alert" />}
      {collected.data && collected.data.count > COLLECTED_PAGE && (
        <Alert type="info" showIcon title={t('moreCollected', { shown: COLLECTED_PAGE, count: collected.data.count })} className="dsp-alert" />
      )}
      <Table<SampleListItem>
        size="small"
        rowKey="id"
        loading={collected.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('noCollected') }}
        title={() => t('chosen', { count: value.length, total: rows.length })}
        rowSelection={{
          selectedRowKeys: value,
          preserveSelectedRowKeys: true,
          onChange: (keys) => onChange?.(keys as number[]),
          getCheckboxProps: (s) => ({ 'aria-label': s.barcode }),
        }}
        columns={[
          { key: 'barcode', title: t('column.barcode'), dataIndex: 'barcode', render: (b: string) => <bdi>{b}</bdi> },
          { key: 'client', title: t('column.client'), dataIndex: 'client_name' },
          { key: 'type', title: t('column.sampleType'), render: (_, s) => s.sample_type_name ?? '—' },
          { key: 'collected', title: t('column.collected'), render: (_, s) => when(s.collected_at) },
        ]}
      />
    </div>
  );
}
