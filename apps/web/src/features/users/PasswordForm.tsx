import { changePasswordRequest } from '@nlims/contracts';
import { Form, Input, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../api/forms';
import { validateBody } from '../resources/validate';
import { changePassword } from './api';

export interface PasswordValues {
  old_password?: string;
  password?: string;
  confirm?: string;
}

/**
 * Check a new password with the contracts rule and the confirmation, then
 * send it. Resolves true when saved; errors land on the fields (the client
 * shows the server's notice).
 */
export async function submitPassword(form: FormInstance<PasswordValues>, username: string, withOld: boolean, t: TFunction): Promise<boolean> {
  const values = form.getFieldsValue(true) as PasswordValues;
  const body = { username, password: values.password ?? '', ...(withOld ? { old_password: values.old_password ?? '' } : {}) };
  const labels: Record<string, string> = { password: t('users.newPassword'), old_password: t('users.oldPassword') };
  const checked = validateBody(changePasswordRequest, body, t, (f) => labels[f] ?? f);
  const errors: { name: keyof PasswordValues; errors: string[] }[] =
    'errors' in checked ? checked.errors.map((e) => ({ name: e.name[0] as keyof PasswordValues, errors: e.errors })) : [];
  if (withOld && !values.old_password) errors.push({ name: 'old_password', errors: [String(t('validation.required', { label: labels.old_password }))] });
  if (values.password && values.confirm !== values.password) errors.push({ name: 'confirm', errors: [String(t('users.passwordMismatch'))] });
  if (errors.length) {
    form.setFields(errors);
    return false;
  }
  try {
    await changePassword(body);
    return true;
  } catch (error) {
    applyFieldErrors(form, error);
    return false;
  }
}

/** The password fields: the old one (own password only), the new one and its confirmation. */
export function PasswordFields({ withOld }: { withOld: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {withOld && (
        <Form.Item name="old_password" label={t('users.oldPassword')} required>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      )}
      <Form.Item name="password" label={t('users.newPassword')} required extra={t('users.passwordRule')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('users.confirmPassword')} required>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
