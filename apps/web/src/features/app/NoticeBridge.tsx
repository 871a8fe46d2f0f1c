import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setNotifier } from '../../api/notifier';
import { useNotices } from '../../shared/notices';

export const ERROR_NOTICE_SECONDS = 6;

/** Lets the API client raise the "Error Occurred..." notice through Ant Design's themed notification. */
export function NoticeBridge() {
  const { notification } = useNotices();
  const { t } = useTranslation('public');
  useEffect(() => {
    setNotifier({
      apiError: (lines) =>
        notification.error({
          title: t('notice.errorTitle'),
          description: <div style={{ whiteSpace: 'pre-line' }}>{lines.join('\n')}</div>,
          duration: ERROR_NOTICE_SECONDS,
        }),
      appError: (kind) =>
        notification.error({
          title: t('notice.errorTitle'),
          description: t(`notice.appError.${kind}`),
          duration: ERROR_NOTICE_SECONDS,
        }),
    });
    return () => setNotifier(null);
  }, [notification, t]);
  return null;
}
