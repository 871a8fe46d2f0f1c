import { NOTIFY_LANGUAGES } from '@nlims/contracts';
import { Checkbox, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../i18n/languages';

/** The client form's notification fields: e-mail, the language messages are written in, and the client's consent. */
export function ClientNotifyFields() {
  const { t } = useTranslation('notifications');
  return (
    <>
      <Form.Item name="email" label={t('client.email')} rules={[{ type: 'email', message: t('validation.email') }]}>
        <Input type="email" autoComplete="off" maxLength={254} data-testid="client-email" />
      </Form.Item>
      <Form.Item name="language" label={t('client.language')}>
        <Select allowClear options={NOTIFY_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} data-testid="client-language" />
      </Form.Item>
      <Form.Item name="notify_consent" valuePropName="checked" extra={t('client.consentHelp')}>
        <Checkbox data-testid="client-consent">{t('client.consent')}</Checkbox>
      </Form.Item>
    </>
  );
}

/** An order's clinician contact for result messages (left empty: the facility's phone and e-mail). */
export function ClinicianContactFields() {
  const { t } = useTranslation('notifications');
  return (
    <>
      <Form.Item name="clinician_phone" label={t('order.clinicianPhone')} rules={[{ pattern: /^[+0-9 ()-]*$/, message: t('validation.phone') }]}>
        <Input type="tel" autoComplete="off" maxLength={20} />
      </Form.Item>
      <Form.Item
        name="clinician_email"
        label={t('order.clinicianEmail')}
        extra={t('order.contactHelp')}
        rules={[{ type: 'email', message: t('validation.email') }]}
      >
        <Input type="email" autoComplete="off" maxLength={254} />
      </Form.Item>
    </>
  );
}
