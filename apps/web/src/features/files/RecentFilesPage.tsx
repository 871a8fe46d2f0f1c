import { FolderOpenOutlined } from '@ant-design/icons';
import type { FileItem } from '@nlims/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../shared/page/LoadError';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import type { PageProps } from '../../shared/page/pageProps';
import { useRecentFiles } from './api';
import { DocumentTags, DownloadButton, FileName } from './FileParts';
import { formatSize, kindText, when } from './format';
import { ItemList } from './ItemList';
import './files.css';
import { staffOnly } from './StaffOnly';

/** Recent files (`/file-management/recent-files`): the files the user uploaded or changed lately, to download or find in their folder. */
function RecentFilesPage({ page }: PageProps) {
  const { t } = useTranslation('files');
  const navigate = useNavigate();
  const list = useRecentFiles();
  const openFolder = (f: FileItem) =>
    navigate(
      f.folder == null ? '/file-management/documents?tab=folders' : `/file-management/documents?tab=folders&path=${f.folder}`,
      f.folder == null ? undefined : { state: { names: { [f.folder]: f.folder_name ?? '' } } },
    );
  return (
    <ClinicalPage page={page} className="files-page">
      {list.error && !list.data ? (
        <LoadError title={t('folder.loadError')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <ItemList<FileItem>
          testid="recent-files"
          rows={list.data ?? []}
          rowKey={(f) => f.id}
          loading={list.isFetching}
          empty={t('recent.noFiles')}
          columns={[
            {
              key: 'name',
              title: t('column.name'),
              render: (f) => (
                <span className="files-name-cell">
                  <FileName name={f.name} kind={f.kind} />
                  {f.document && <DocumentTags document={f.document} />}
                </span>
              ),
            },
            { key: 'folder', title: t('column.folder'), render: (f) => (f.folder_name ? <bdi>{f.folder_name}</bdi> : t('folder.top')) },
            { key: 'kind', title: t('column.kind'), render: (f) => kindText(t, f.kind), nowrap: true },
            { key: 'size', title: t('column.size'), render: (f) => formatSize(t, f.size), nowrap: true, align: 'end' },
            { key: 'when', title: t('column.when'), render: (f) => when(f.updated_at), nowrap: true },
          ]}
          actions={(f) => (
            <>
              <DownloadButton id={f.id} name={f.name} />
              <Button size="small" icon={<FolderOpenOutlined />} onClick={() => openFolder(f)}>
                {t('action.openFolder')}
              </Button>
            </>
          )}
        />
      )}
    </ClinicalPage>
  );
}

export default staffOnly(RecentFilesPage);
