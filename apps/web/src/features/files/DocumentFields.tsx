import { Form, type FormRule, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../shared/forms/DateInput';

/** The metadata fields of a controlled document's version, as the upload sends them. */
export const DOCUMENT_FIELDS = ['code', 'title', 'effective_date', 'review_date', 'approved_by'] as const;

/** A document's version: its code (shared by its versions; fixed for a new version), title, dates and approver. */
export function DocumentFields({ codeFixed }: { codeFixed?: boolean }) {
  const { t } = useTranslation('files');
  const required: FormRule = { required: true, whitespace: true, message: t('form.required') };
  return (
    <div className="files-grid">
      <Form.Item
        name="code"
        label={t('document.code')}
        extra={codeFixed ? t('document.codeFixed') : t('document.codeHelp')}
        rules={[required, { pattern: /^[A-Za-z0-9][A-Za-z0-9._-]*$/, message: t('form.codeChars') }, { max: 60, message: t('form.tooLong', { max: 60 }) }]}
      >
        <Input disabled={codeFixed} dir="ltr" autoComplete="off" />
      </Form.Item>
      <Form.Item name="title" label={t('document.title')} rules={[required, { max: 200, message: t('form.tooLong', { max: 200 }) }]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="effective_date" label={t('document.effective')} rules={[required]}>
        <DateInput style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="review_date"
        label={t('document.review')}
        dependencies={['effective_date']}
        rules={[
          required,
          ({ getFieldValue }) => ({
            validator: (_, value?: string) => {
              const from = getFieldValue('effective_date') as string | undefined;
              return !value || !from || value >= from ? Promise.resolve() : Promise.reject(new Error(t('form.reviewAfter')));
            },
          }),
        ]}
      >
        <DateInput style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="approved_by" label={t('document.approvedBy')} rules={[required, { max: 120, message: t('form.tooLong', { max: 120 }) }]}>
        <Input autoComplete="name" />
      </Form.Item>
    </div>
  );
}
