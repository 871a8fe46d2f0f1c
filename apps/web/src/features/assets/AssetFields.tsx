import { ASSET_TAG_PATTERN } from '@nlims/contracts';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { todayLagos } from '../../shared/format/format';
import { DateInput } from '../../shared/forms/DateInput';
import { useKinds, useLocations, useMachineSettings, useReferenceList } from './api';

export const ASSET_FIELDS = [
  'tag',
  'name',
  'generic',
  'model',
  'serial_number',
  'manufacturer',
  'supplier',
  'location',
  'in_service_date',
  'machine_setting',
  'note',
] as const;

/** The form's values as the API's body: empty choices as null, text trimmed. */
export function assetBody(v: Record<string, unknown>) {
  const text = (key: string) => ((v[key] as string | undefined) ?? '').trim();
  const id = (key: string) => (v[key] as number | undefined) ?? null;
  return {
    tag: text('tag'),
    name: text('name'),
    generic: id('generic'),
    model: text('model'),
    serial_number: text('serial_number'),
    manufacturer: id('manufacturer'),
    supplier: id('supplier'),
    location: id('location'),
    in_service_date: (v.in_service_date as string | undefined) || null,
    machine_setting: id('machine_setting'),
    note: text('note'),
  };
}

/** An active choice, or the one the asset has already (kept though no longer offered to others). */
const choices = (rows: { id: number; name: string; is_active?: boolean }[] | undefined, keep?: number | null) =>
  (rows ?? []).filter((r) => r.is_active !== false || r.id === keep).map((r) => ({ value: r.id, label: r.name }));

/** The register's fields: tag (scanned), name, kind, model, serial, manufacturer, supplier, location, date in service, machine, note. */
export function AssetFields({ current }: { current?: Partial<Record<(typeof ASSET_FIELDS)[number], number | string | null>> }) {
  const { t } = useTranslation('assets');
  const kinds = useKinds();
  const locations = useLocations();
  const manufacturers = useReferenceList('manufacturer');
  const suppliers = useReferenceList('supplier');
  const machines = useMachineSettings();
  const required = (label: string) => [{ required: true, whitespace: true, message: t('form.required', { label }) }];
  const keep = (key: (typeof ASSET_FIELDS)[number]) => (current?.[key] as number | null | undefined) ?? null;
  const half = { xs: 24, md: 12 };
  return (
    <Row gutter={16}>
      <Col {...half}>
        <Form.Item
          name="tag"
          label={t('field.tag')}
          extra={t('form.tagHint')}
          rules={[...required(t('field.tag')), { pattern: ASSET_TAG_PATTERN, message: t('form.tagPattern') }, { max: 40 }]}
        >
          <Input maxLength={40} dir="ltr" autoComplete="off" data-testid="asset-tag-input" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="name" label={t('field.name')} rules={required(t('field.name'))}>
          <Input maxLength={200} dir="auto" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="generic" label={t('field.kind')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} loading={kinds.isPending} options={choices(kinds.data, keep('generic'))} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="location" label={t('field.location')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} loading={locations.isPending} options={choices(locations.data, keep('location'))} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="model" label={t('field.model')}>
          <Input maxLength={200} dir="auto" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="serial_number" label={t('field.serial')}>
          <Input maxLength={100} dir="ltr" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="manufacturer" label={t('field.manufacturer')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={manufacturers.isPending}
            options={choices(manufacturers.data, keep('manufacturer'))}
          />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="supplier" label={t('field.supplier')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} loading={suppliers.isPending} options={choices(suppliers.data, keep('supplier'))} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="in_service_date" label={t('field.inService')}>
          <DateInput max={todayLagos} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="machine_setting" label={t('field.machine')} extra={t('form.machineHint')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={machines.isPending}
            options={(machines.data ?? []).map((m) => ({ value: m.id, label: m.model ? `${m.name} (${m.model})` : m.name }))}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="note" label={t('field.note')}>
          <Input.TextArea dir="auto" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
      </Col>
    </Row>
  );
}
