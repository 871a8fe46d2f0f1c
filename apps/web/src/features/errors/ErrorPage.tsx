import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHomePath } from '../auth/useHomePath';

export type ErrorStatus = '403' | '404' | '500';

const MESSAGE_KEY: Record<ErrorStatus, string> = {
  '403': 'errors.forbidden',
  '404': 'errors.notFound',
  '500': 'errors.serverError',
};

export default function ErrorPage({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation('public');
  const navigate = useNavigate();
  const home = useHomePath();
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(MESSAGE_KEY[status])}
      extra={
        <Button
          type="primary"
          href={home}
          onClick={(event) => {
            event.preventDefault();
            navigate(home);
          }}
        >
          {t('errors.goHome')}
        </Button>
      }
    />
  );
}
