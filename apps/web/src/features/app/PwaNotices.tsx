import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate } from '../../pwa/serviceWorker';
import { INSTALLED_NOTICE_MS, usePwa } from '../../pwa/usePwa';
import { useNotices } from '../../shared/notices';

/** "Update Available" stays until acted on; "App installed" closes after 6 s (SPEC §2, §9). */
export function PwaNotices() {
  const { notification } = useNotices();
  const { t } = useTranslation('public');
  const { updateReady, installedAt } = usePwa();

  useEffect(() => {
    if (!updateReady) return;
    notification.info({
      key: 'sw-update',
      title: t('notice.updateTitle'),
      description: t('notice.updateText'),
      duration: 0,
      actions: (
        <Button type="primary" size="small" onClick={applyUpdate}>
          {t('notice.refresh')}
        </Button>
      ),
    });
  }, [updateReady, notification, t]);

  useEffect(() => {
    if (!installedAt) return;
    notification.success({
      key: 'app-installed',
      title: t('notice.installed'),
      description: t('notice.installedText'),
      duration: INSTALLED_NOTICE_MS / 1000,
    });
  }, [installedAt, notification, t]);

  return null;
}
