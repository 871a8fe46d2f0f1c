import { FolderOpenOutlined } from '@ant-design/icons';
import type { FolderItem } from '@nlims/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../shared/page/LoadError';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import type { PageProps } from '../../shared/page/pageProps';
import { useRecentFolders } from './api';
import { when } from './format';
import { ItemList } from './ItemList';
import './files.css';
import { staffOnly } from './StaffOnly';
import { FolderName } from './FileParts';

/** Recent folders (`/file-management/recent-folders`): the folders the user worked in lately, each opened in the documents page. */
function RecentFoldersPage({ page }: PageProps) {
  const { t } = useTranslation('files');
  const navigate = useNavigate();
  const list = useRecentFolders();
  const open = (f: FolderItem) => navigate(`/file-management/documents?tab=folders&path=${f.id}`, { state: { names: { [f.id]: f.name } } });
  return (
    <ClinicalPage page={page} className="files-page">
      {list.error && !list.data ? (
        <LoadError title={t('folder.loadError')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <ItemList<FolderItem>
          testid="recent-folders"
          rows={list.data ?? []}
          rowKey={(f) => f.id}
          loading={list.isFetching}
          empty={t('recent.noFolders')}
          columns={[
            {
              key: 'name',
              title: t('column.name'),
              render: (f) => <FolderName name={f.name} />,
            },
            { key: 'contents', title: t('column.contents'), render: (f) => t('folder.counts', { folders: f.folders_count, files: f.files_count }) },
            { key: 'who', title: t('column.createdBy'), render: (f) => <bdi>{f.created_by}</bdi> },
            { key: 'when', title: t('column.changed'), render: (f) => when(f.updated_at), nowrap: true },
          ]}
          actions={(f) => (
            <Button size="small" icon={<FolderOpenOutlined />} onClick={() => open(f)}>
              {t('action.open')}
            </Button>
          )}
        />
      )}
    </ClinicalPage>
  );
}

export default staffOnly(RecentFoldersPage);
