import { DHIS2_UID } from '@nlims/contracts';
import { Alert, App, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { LoadError } from '../../shared/page/LoadError';
import { useDhis2Settings, useSaveDhis2Settings } from './api';
import { problemText } from './problem';

interface Values {
  base_url: string;
  username: string;
  password: string;
  data_set: string;
}

/** The DHIS2 server: its address, the import user and password (write-only: left blank, the kept one stays), the data set. */
export function ServerTab() {
  const { t } = useTranslation('dhis2');
  const { message } = App.useApp();
  const settings = useDhis2Settings();
  const save = useSaveDhis2Settings();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (settings.data)
      form.setFieldsValue({ base_url: settings.data.base_url, username: settings.data.username, password: '', data_set: settings.data.data_set });
  }, [settings.data, form]);
  if (settings.isError) return <LoadError title={t('loadError')} error={settings.error} onRetry={() => void settings.refetch()} />;
  const submit = async (v: Values) => {
    setError(null);
    try {
      await save.mutateAsync({
        base_url: v.base_url.trim(),
        username: v.username.trim(),
        data_set: v.data_set.trim(),
        ...(v.password ? { password: v.password } : {}),
      });
      form.setFieldValue('password', '');
      void message.success(t('saved'));
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors)
        form.setFields(Object.entries(e.fieldErrors).map(([name, errors]) => ({ name: name as keyof Values, errors })));
      else setError(e);
    }
  };
  return (
    <div data-testid="dhis2-server" style={{ maxWidth: 560 }}>
      {settings.data && (
        <Alert
          type={settings.data.configured ? 'success' : 'info'}
          showIcon
          className="dhis2-summary"
          title={settings.data.configured ? t('server.configured') : t('server.notConfigured')}
          description={
            settings.data.updated_by
              ? t('server.updated', { name: settings.data.updated_by, at: new Date(settings.data.updated_at!).toLocaleString() })
              : undefined
          }
        />
      )}
      {error != null && <Alert type="error" showIcon title={t('saveFailed')} description={problemText(t, error)} className="dhis2-summary" />}
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={settings.isPending}>
        <Form.Item name="base_url" label={t('server.baseUrl')} extra={t('server.baseUrlHelp')}>
          <Input dir="ltr" inputMode="url" placeholder="https://dhis2.example.org" autoComplete="off" />
        </Form.Item>
        <Form.Item name="username" label={t('server.username')}>
          <Input dir="ltr" autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('server.password')} extra={settings.data?.password_set ? t('server.passwordKept') : t('server.passwordNone')}>
          <Input.Password dir="ltr" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="data_set"
          label={t('server.dataSet')}
          rules={[{ validator: (_, v: string) => (!v || DHIS2_UID.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('uid')))) }]}
        >
          <Input className="dhis2-uid-input" maxLength={11} autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      </Form>
    </div>
  );
}
