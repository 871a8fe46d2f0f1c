import type { FileItem } from '@nlims/contracts';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../shared/notices';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { UploadForm } from './UploadForm';

/** The next version of a controlled document: one file with the same code, in the same folder, and its own dates and approver. */
export function NewVersionDialog({ file, onClose }: { file: FileItem; onClose: () => void }) {
  const { t } = useTranslation('files');
  const wide = useMediaQuery(TABLET_UP);
  const { message } = useNotices();
  const document = file.document!;
  return (
    <Modal
      open
      title={t('document.newVersionOf', { code: document.code, version: document.version + 1 })}
      footer={null}
      onCancel={onClose}
      width={wide ? 640 : '100%'}
      destroyOnHidden
      className="files-version-dialog"
    >
      <UploadForm
        document={{ code: document.code, title: document.title, folder: file.folder }}
        folderName={file.folder_name ?? undefined}
        onUploaded={(made) => {
          void message.success(t('document.versionStored', { code: document.code, version: made[0]?.document?.version ?? document.version + 1 }));
          onClose();
        }}
      />
    </Modal>
  );
}
