import { useTranslation } from 'react-i18next';

/**
 * The demonstration banner and the update and install notices of the
 * prerendered pages: written hidden into the HTML, shown by enhance.ts.
 */
export function StaticNotices() {
  const { t } = useTranslation('public');
  return (
    <>
      <div className="pub-banner" role="alert" data-notice="update" hidden>
        <div>
          <strong>{t('notice.updateTitle')}</strong>
          <p>{t('notice.updateText')}</p>
        </div>
        <button type="button" className="pub-btn pub-btn--primary" data-action="refresh">
          {t('notice.refresh')}
        </button>
      </div>
      <div className="pub-banner pub-banner--success" role="status" data-notice="installed" hidden>
        <div>
          <strong>{t('notice.installed')}</strong>
          <p>{t('notice.installedText')}</p>
        </div>
      </div>
      <div className="demo-banner" role="status" data-notice="demo" hidden>
        <strong>{t('demo.title')}</strong> <span className="demo-banner__detail">{t('demo.detail')}</span>
      </div>
    </>
  );
}
