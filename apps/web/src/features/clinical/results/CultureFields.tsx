import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReference } from '../api';

/** Organisms isolated from a culture, each with its antibiogram (antibiotic → S / I / R). */
export function CultureFields() {
  const { t } = useTranslation('clinical');
  const organisms = useReference('organism');
  const antibiotics = useReference('antibiotic');
  const options = (rows: { id: number; name: string; is_active?: boolean }[] | undefined) =>
    (rows ?? []).filter((r) => r.is_active !== false).map((r) => ({ value: r.id, label: r.name }));
  return (
    <Form.List name="isolates">
      {(isolates, { add, remove }) => (
        <div className="culture">
          {isolates.map((isolate) => (
            <div key={isolate.key} className="culture__isolate">
              <div className="culture__head">
                <Form.Item
                  name={[isolate.name, 'organism']}
                  label={t('entry.organism')}
                  rules={[{ required: true, message: t('validation.required', { label: t('entry.organism') }) }]}
                  style={{ flex: 1, marginBottom: 8 }}
                >
                  <Select showSearch={{ optionFilterProp: 'label' }} loading={organisms.isPending} options={options(organisms.data)} />
                </Form.Item>
                <Button type="text" aria-label={t('common.remove')} icon={<MinusCircleOutlined />} onClick={() => remove(isolate.name)} />
              </div>
              <Form.List name={[isolate.name, 'antibiogram']}>
                {(rows, ab) => (
                  <>
                    {rows.map((row) => (
                      <div key={row.key} className="culture__row">
                        <Form.Item
                          name={[row.name, 'antibiotic']}
                          rules={[{ required: true, message: t('entry.antibioticRequired') }]}
                          style={{ flex: '1 1 180px', marginBottom: 6 }}
                        >
                          <Select
                            aria-label={t('entry.antibiotic')}
                            placeholder={t('entry.antibiotic')}
                            showSearch={{ optionFilterProp: 'label' }}
                            options={options(antibiotics.data)}
                          />
                        </Form.Item>
                        <Form.Item
                          name={[row.name, 'interpretation']}
                          rules={[{ required: true, message: t('entry.interpretationRequired') }]}
                          style={{ marginBottom: 6 }}
                        >
                          <Radio.Group
                            optionType="button"
                            size="small"
                            options={['S', 'I', 'R'].map((v) => ({ value: v, label: v, title: t(`interp.${v}`) }))}
                          />
                        </Form.Item>
                        <Button type="text" size="small" aria-label={t('common.remove')} icon={<MinusCircleOutlined />} onClick={() => ab.remove(row.name)} />
                      </div>
                    ))}
                    <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => ab.add({})}>
                      {t('entry.addAntibiotic')}
                    </Button>
                  </>
                )}
              </Form.List>
            </div>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ antibiogram: [] })}>
            {t('entry.addOrganism')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
