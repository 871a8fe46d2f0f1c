import { useTranslation } from 'react-i18next';

/**
 * Where the report's attachments go. TODO: mount the shared attachments panel (features/files, target `ncr` and the
 * report's id) once it exists; until then the space says so.
 */
export function Attachments({ reportId }: { reportId: number }) {
  const { t } = useTranslation('nonConformity');
  return (
    <p className="ncr-muted" data-report={reportId}>
      {t('detail.attachmentsSoon')}
    </p>
  );
}
