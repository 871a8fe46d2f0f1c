import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, errorLines, NetworkError } from '../../api/errors';

/** What went wrong, in the words of the app's error notice: the API's lines, or no reply, the timeout, or an unknown failure. */
function problemText(t: (key: string) => string, error: unknown): string {
  if (error instanceof ApiError) {
    const lines = errorLines(error);
    if (lines.length) return lines.join('\n');
  }
  if (error instanceof NetworkError) return t(`public:notice.appError.${error.timedOut ? 'timeout' : 'network'}`);
  return t('public:notice.appError.unknown');
}

/** A page's figures could not be loaded: why, and a button to ask again (the queries raise no notice of their own). */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('analytics');
  return (
    <Alert
      type="error"
      showIcon
      className="clin-no-print load-error"
      title={title}
      description={problemText(t, error)}
      action={
        <Button size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    />
  );
}
