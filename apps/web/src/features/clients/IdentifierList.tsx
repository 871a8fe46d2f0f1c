import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A client's identifiers: type and number, one row each; the hospital number row comes first. */
export function IdentifierList({ types }: { types: { id: number; name: string }[] }) {
  const { t } = useTranslation('clients');
  return (
    <Form.List name="identifiers">
      {(fields, { add, remove }) => (
        <div className="client-idents">
          <Typography.Text strong>{t('field.identifiers')}</Typography.Text>
          {fields.map((field) => (
            <div key={field.key} className="client-idents__row">
              <Form.Item name={[field.name, 'identifier_type']} style={{ flex: '1 1 160px', marginBottom: 8 }}>
                <Select
                  aria-label={t('field.identifierType')}
                  placeholder={t('field.identifierType')}
                  options={types.map((x) => ({ value: x.id, label: x.name }))}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'identifier']} style={{ flex: '2 1 160px', marginBottom: 8 }}>
                <Input aria-label={t('field.identifier')} placeholder={t('field.identifier')} maxLength={100} />
              </Form.Item>
              <Button type="text" aria-label={t('action.remove')} icon={<MinusCircleOutlined />} onClick={() => remove(field.name)} />
            </div>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} block style={{ marginBottom: 16 }}>
            {t('action.addIdentifier')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
