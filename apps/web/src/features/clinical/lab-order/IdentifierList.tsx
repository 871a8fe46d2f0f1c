import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A client's identifiers: type and number, one row each; the hospital number row comes first. */
export function IdentifierList({ types }: { types: { id: number; name: string }[] }) {
  const { t } = useTranslation('clinical');
  return (
    <Form.List name="identifiers">
      {(fields, { add, remove }) => (
        <div className="ident-list">
          <Typography.Text strong>{t('client.identifiers')}</Typography.Text>
          {fields.map((field) => (
            <div key={field.key} className="ident-list__row">
              <Form.Item name={[field.name, 'identifier_type']} style={{ flex: '1 1 160px', marginBottom: 8 }}>
                <Select
                  aria-label={t('client.identifierType')}
                  placeholder={t('client.identifierType')}
                  options={types.map((x) => ({ value: x.id, label: x.name }))}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'identifier']} style={{ flex: '2 1 160px', marginBottom: 8 }}>
                <Input aria-label={t('client.identifier')} placeholder={t('client.identifier')} maxLength={100} />
              </Form.Item>
              <Button type="text" aria-label={t('common.remove')} icon={<MinusCircleOutlined />} onClick={() => remove(field.name)} />
            </div>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} block style={{ marginBottom: 16 }}>
            {t('client.addIdentifier')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
