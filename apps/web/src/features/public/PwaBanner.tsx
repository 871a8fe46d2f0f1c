import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate } from '../../pwa/serviceWorker';
import { INSTALLED_NOTICE_MS, usePwa } from '../../pwa/usePwa';

/** The update and install notices for pages that do not load the component library. */
export function PwaBanner() {
  const { t } = useTranslation('public');
  const { updateReady, installedAt } = usePwa();
  const [showInstalled, setShowInstalled] = useState(false);

  useEffect(() => {
    if (!installedAt) return;
    setShowInstalled(true);
    const timer = setTimeout(() => setShowInstalled(false), INSTALLED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [installedAt]);

  if (updateReady) {
    return (
      <div className="pub-banner" role="alert">
        <div>
          <strong>{t('notice.updateTitle')}</strong>
          <p>{t('notice.updateText')}</p>
        </div>
        <button type="button" className="pub-btn pub-btn--primary" onClick={applyUpdate}>
          {t('notice.refresh')}
        </button>
      </div>
    );
  }
  if (showInstalled) {
    return (
      <div className="pub-banner pub-banner--success" role="status">
        <div>
          <strong>{t('notice.installed')}</strong>
          <p>{t('notice.installedText')}</p>
        </div>
      </div>
    );
  }
  return null;
}
