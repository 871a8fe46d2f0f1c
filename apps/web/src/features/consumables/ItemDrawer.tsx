import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CONSUMABLE_CATEGORIES, type ConsumableItem, type ConsumableItemBody } from '@nlims/contracts';
import { Alert, Button, Drawer, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../shared/notices';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { showOnFields } from '../../shared/forms/serverErrors';
import { useManufacturers, useSaveItem, useTestOptions, useUnits } from './api';

const FIELDS = [
  'name',
  'category',
  'unit',
  'pack_size',
  'manufacturer',
  'reorder_level',
  'expiry_warning_days',
  'open_stability_days',
  'is_active',
  'tests',
] as const;

type Values = Omit<ConsumableItemBody, 'tests'> & { tests: { test_type?: number; quantity_per_test?: number; automatic?: boolean }[] };

/** Add an item, or edit one, with the tests that use it (units per run, used automatically when a result is entered). */
export function ItemDrawer({ item, onClose, onSaved }: { item: ConsumableItem | null; onClose: () => void; onSaved?: (item: ConsumableItem) => void }) {
  const { t } = useTranslation('consumables');
  const wide = useMediaQuery(TABLET_UP);
  const [form] = Form.useForm<Values>();
  const save = useSaveItem(item?.id ?? null);
  const units = useUnits();
  const makers = useManufacturers();
  const tests = useTestOptions();
  const { message } = useNotices();
  const [problem, setProblem] = useState<string | null>(null);
  const testOptions = useMemo(() => {
    const byProgram = new Map<string, { value: number; label: string }[]>();
    for (const x of tests.data ?? [])
      byProgram.set(x.program, [...(byProgram.get(x.program) ?? []), { value: x.id, label: `${x.panel ? '· ' : ''}${x.name} (${x.code})` }]);
    return [...byProgram].map(([program, options]) => ({ label: program, title: program, options }));
  }, [tests.data]);
  const initial: Partial<Values> = item
    ? {
        name: item.name,
        category: item.category,
        unit: item.unit,
        pack_size: item.pack_size,
        manufacturer: item.manufacturer,
        reorder_level: item.reorder_level,
        expiry_warning_days: item.expiry_warning_days,
        open_stability_days: item.open_stability_days,
        is_active: item.is_active,
        tests: item.tests.map((x) => ({ test_type: x.test_type, quantity_per_test: x.quantity_per_test, automatic: x.automatic })),
      }
    : { pack_size: 1, reorder_level: 0, expiry_warning_days: 60, open_stability_days: null, is_active: true, tests: [] };
  const submit = async (v: Values) => {
    setProblem(null);
    try {
      const saved = await save.mutateAsync({
        name: v.name,
        category: v.category,
        unit: v.unit ?? null,
        pack_size: v.pack_size ?? 1,
        manufacturer: v.manufacturer ?? null,
        reorder_level: v.reorder_level ?? 0,
        expiry_warning_days: v.expiry_warning_days ?? 60,
        open_stability_days: v.open_stability_days ?? null,
        is_active: v.is_active ?? true,
        tests: (v.tests ?? [])
          .filter((x) => x.test_type != null)
          .map((x) => ({ test_type: x.test_type!, quantity_per_test: x.quantity_per_test ?? 1, automatic: x.automatic ?? true })),
      });
      void message.success(t(item ? 'item.saved' : 'item.added', { name: saved.name }));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const rest = showOnFields(form, error, FIELDS);
      setProblem(rest.length ? rest.join('\n') : null);
    }
  };
  const whole = (min: number) => ({ min, precision: 0, className: 'cons-number' });
  return (
    <Drawer
      open
      onClose={onClose}
      size={wide ? 560 : '100%'}
      title={item ? t('item.editTitle', { name: item.name }) : t('item.addTitle')}
      destroyOnHidden
      footer={
        <Space>
          <Button type="primary" htmlType="submit" form="cons-item" loading={save.isPending} data-testid="cons-item-save">
            {t('item.save')}
          </Button>
          <Button onClick={onClose}>{t('cancel')}</Button>
        </Space>
      }
    >
      <Form id="cons-item" form={form} layout="vertical" initialValues={initial} onFinish={submit} scrollToFirstError data-testid="cons-item-form">
        <Form.Item name="name" label={t('field.name')} rules={[{ required: true, whitespace: true, message: t('form.required', { label: t('field.name') }) }]}>
          <Input dir="auto" maxLength={200} />
        </Form.Item>
        <div className="cons-form-grid">
          <Form.Item name="category" label={t('field.category')} rules={[{ required: true, message: t('form.required', { label: t('field.category') }) }]}>
            <Select options={CONSUMABLE_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))} />
          </Form.Item>
          <Form.Item name="unit" label={t('field.unit')} extra={t('field.unitHint')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={units.isPending}
              options={(units.data ?? []).filter((u) => u.is_active !== false).map((u) => ({ value: u.id, label: `${u.name} (${u.symbol})` }))}
            />
          </Form.Item>
          <Form.Item
            name="pack_size"
            label={t('field.pack_size')}
            extra={t('field.packHint')}
            rules={[{ required: true, message: t('form.required', { label: t('field.pack_size') }) }]}
          >
            <InputNumber {...whole(1)} max={100000} />
          </Form.Item>
          <Form.Item name="manufacturer" label={t('field.manufacturer')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={makers.isPending}
              options={(makers.data ?? []).filter((m) => m.is_active !== false).map((m) => ({ value: m.id, label: m.name }))}
            />
          </Form.Item>
          <Form.Item name="reorder_level" label={t('field.reorder_level')} extra={t('field.reorderHint')}>
            <InputNumber {...whole(0)} />
          </Form.Item>
          <Form.Item name="expiry_warning_days" label={t('field.expiry_warning_days')}>
            <InputNumber {...whole(0)} max={3650} />
          </Form.Item>
          <Form.Item name="open_stability_days" label={t('field.open_stability_days')} extra={t('field.stabilityHint')}>
            <InputNumber {...whole(1)} max={3650} />
          </Form.Item>
          <Form.Item name="is_active" label={t('field.is_active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
        <Form.Item name="tests" label={t('field.tests')} extra={t('field.testsHint')} className="cons-tests-field">
          <Form.List name="tests">
            {(rows, { add, remove }) => (
              <div className="cons-test-rows">
                {rows.map((row) => (
                  <div key={row.key} className="cons-test-row" data-testid="cons-test-row">
                    <Form.Item name={[row.name, 'test_type']} rules={[{ required: true, message: t('test.choose') }]} className="cons-test-row__test">
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        loading={tests.isPending}
                        placeholder={t('test.choose')}
                        options={testOptions}
                        aria-label={t('test.test')}
                      />
                    </Form.Item>
                    <Form.Item name={[row.name, 'quantity_per_test']} initialValue={1} className="cons-test-row__qty">
                      <InputNumber {...whole(1)} max={10000} aria-label={t('test.perRun')} addonAfter={t('test.perRunShort')} />
                    </Form.Item>
                    <Form.Item name={[row.name, 'automatic']} initialValue={true} valuePropName="checked" className="cons-test-row__auto">
                      <Switch checkedChildren={t('test.automatic')} unCheckedChildren={t('test.manual')} aria-label={t('test.automaticHint')} />
                    </Form.Item>
                    <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(row.name)} aria-label={t('test.remove')} title={t('test.remove')} />
                  </div>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ quantity_per_test: 1, automatic: true })} data-testid="cons-test-add">
                  {t('test.add')}
                </Button>
              </div>
            )}
          </Form.List>
        </Form.Item>
        {problem && <Alert type="error" showIcon title={problem} className="cons-alert" />}
      </Form>
    </Drawer>
  );
}
