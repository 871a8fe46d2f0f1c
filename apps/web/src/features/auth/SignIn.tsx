import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input } from 'antd';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '../language/LanguageSelect';
import { BrandMark } from '../public/Brand';
import { ADMIN_EMAIL } from '../public/links';
import { useSession } from './useSession';
import { useSignIn, type SignInValues } from './useSignIn';
import { WaitDialog } from './WaitDialog';
import './signin.css';

// Where a signed-in visitor goes is decided by the programmes' rules, loaded only then.
const GoHome = lazy(() => import('./GoHome'));

export default function SignIn() {
  const { t } = useTranslation('public');
  const [form] = Form.useForm<SignInValues>();
  const { submit, pending } = useSignIn(form);
  const { token, user, program } = useSession();

  if (token && user && !pending) return <GoHome user={user} program={program} />;

  return (
    <div className="signin">
      <aside className="signin__brand">
        <Link to="/" className="signin__logo">
          <BrandMark size={40} />
          <span>{t('app.name')}</span>
        </Link>
        <h2>{t('signin.brandTitle')}</h2>
        <p>{t('signin.brandText')}</p>
      </aside>
      <main className="signin__panel">
        <div className="signin__top">
          <Link to="/" className="signin__home">
            {t('signin.backHome')}
          </Link>
          <LanguageSelect />
        </div>
        <div className="signin__card">
          <h1>{t('signin.title')}</h1>
          <p className="signin__subtitle">{t('signin.subtitle')}</p>
          <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit} initialValues={{ remember: false }}>
            <Form.Item name="username" label={t('signin.username')} rules={[{ required: true, whitespace: true, message: t('signin.usernameRequired') }]}>
              <Input prefix={<UserOutlined />} autoComplete="username" autoCapitalize="none" spellCheck={false} />
            </Form.Item>
            <Form.Item name="password" label={t('signin.password')} rules={[{ required: true, message: t('signin.passwordRequired') }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
            </Form.Item>
            <Form.Item name="remember" valuePropName="checked">
              <Checkbox>{t('signin.remember')}</Checkbox>
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={pending}>
              {t('signin.submit')}
            </Button>
          </Form>
          <p className="signin__contact">
            {t('signin.noAccount')} <a href={`mailto:${ADMIN_EMAIL}`}>{t('signin.contactAdmin')}</a>
          </p>
        </div>
      </main>
      <WaitDialog open={pending} title={t('signin.loadingTitle')} text={t('signin.loadingText')} />
    </div>
  );
}
