import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import type { PageProps } from '../../shared/page/pageProps';
import { useMayIssueDocuments } from './access';
import { UploadForm } from './UploadForm';
import './files.css';
import { staffOnly } from './StaffOnly';

/** Upload files (`/file-management/upload-files`): several at once into a folder (`?folder=` chooses it), or one controlled document's version. */
function UploadFilesPage({ page }: PageProps) {
  const { t } = useTranslation('files');
  const [params] = useSearchParams();
  const state = useLocation().state as { folderName?: string } | null;
  const folder = Number(params.get('folder')) || null;
  const mayIssue = useMayIssueDocuments();
  return (
    <ClinicalPage page={page} className="files-page">
      <p className="files-muted files-lead">{t('upload.lead')}</p>
      <div className="files-narrow">
        <UploadForm folder={folder} folderName={state?.folderName} allowDocument={mayIssue} />
      </div>
    </ClinicalPage>
  );
}

export default staffOnly(UploadFilesPage);
