import { KeyOutlined } from '@ant-design/icons';
import { Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../shared/notices';
import type { Row } from '../resources/types';
import { PasswordFields, submitPassword, type PasswordValues } from './PasswordForm';

/** An administrator sets a new password for a user (who is then signed out everywhere). */
export function ResetPasswordButton({ row }: { row: Row }) {
  const { t } = useTranslation('admin');
  const { message } = useNotices();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [form] = Form.useForm<PasswordValues>();
  const username = String(row.username);

  const save = async () => {
    setPending(true);
    const saved = await submitPassword(form, username, false, t);
    setPending(false);
    if (!saved) return;
    void message.success(t('form.saved'));
    setOpen(false);
  };

  return (
    <>
      <Button size="small" icon={<KeyOutlined />} onClick={() => setOpen(true)}>
        {t('users.resetPassword')}
      </Button>
      <Modal
        open={open}
        title={t('users.resetPasswordFor', { name: username })}
        okText={t('form.save')}
        cancelText={t('form.cancel')}
        confirmLoading={pending}
        onOk={() => void save()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} onFinish={() => void save()}>
          <PasswordFields withOld={false} />
        </Form>
      </Modal>
    </>
  );
}
