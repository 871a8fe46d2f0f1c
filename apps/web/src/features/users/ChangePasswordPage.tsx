import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../shared/page/pageProps';
import { useNotices } from '../../shared/notices';
import { useSession } from '../auth/useSession';
import { AdminPage } from '../resources/AdminPage';
import { PasswordFields, submitPassword, type PasswordValues } from './PasswordForm';

/** Change one's own password: the old one, the new one, and the new one again. */
export default function ChangePasswordPage({ page }: PageProps) {
  const { t } = useTranslation('admin');
  const { message } = useNotices();
  const { user } = useSession();
  const [form] = Form.useForm<PasswordValues>();
  const [pending, setPending] = useState(false);
  if (!user) return null;

  const save = async () => {
    setPending(true);
    const saved = await submitPassword(form, user.username, true, t);
    setPending(false);
    if (!saved) return;
    form.resetFields();
    void message.success(t('public:notice.operationSuccessful'));
  };

  return (
    <AdminPage page={page}>
      <Card className="password-card">
        <Form form={form} layout="vertical" onFinish={() => void save()}>
          <Form.Item label={t('field.username')} htmlFor="current-username">
            <Input id="current-username" value={user.username} disabled autoComplete="username" />
          </Form.Item>
          <PasswordFields withOld />
          <Button type="primary" htmlType="submit" loading={pending}>
            {t('users.changePassword')}
          </Button>
        </Form>
      </Card>
    </AdminPage>
  );
}
