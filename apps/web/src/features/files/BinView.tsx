import { UndoOutlined } from '@ant-design/icons';
import { BIN_DAYS, type FileItem, type FolderItem } from '@nlims/contracts';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/page/LoadError';
import { useBinFolders, useFiles, useRestoreItem } from './api';
import { FileName, FolderName } from './FileParts';
import { binDaysLeft, formatSize, when } from './format';
import { ItemList } from './ItemList';

const PAGE = 20;

/**
 * What was deleted in the last 30 days, with when and how long it is kept: folders (each with
 * what was inside it) and files. A restored one goes back to its folder, or to the top level
 * when that folder is gone.
 */
export function BinView({ mayIssue }: { mayIssue: boolean }) {
  const { t } = useTranslation('files');
  const [page, setPage] = useState(1);
  const folders = useBinFolders();
  const list = useFiles({ view: 'bin', page, pageSize: PAGE });
  const restoreFolder = useRestoreItem('folders');
  const restoreFile = useRestoreItem('files');
  const left = (deletedAt: string | null) => (deletedAt ? t('bin.days', { n: binDaysLeft(deletedAt) }) : '—');
  const restoreButton = (restore: typeof restoreFile, id: number) => (
    <Button size="small" icon={<UndoOutlined />} loading={restore.isPending && restore.variables === id} onClick={() => restore.mutate(id)}>
      {t('bin.restore')}
    </Button>
  );
  return (
    <div className="files-bin">
      <Alert type="info" showIcon className="files-alert" title={t('bin.lead', { days: BIN_DAYS })} />
      {folders.error && !folders.data ? (
        <LoadError title={t('bin.loadError')} error={folders.error} onRetry={() => void folders.refetch()} />
      ) : folders.data?.length ? (
        <div className="files-bin__folders">
          <ItemList<FolderItem>
            testid="bin-folders"
            rows={folders.data}
            rowKey={(f) => f.id}
            empty={t('bin.empty')}
            columns={[
              {
                key: 'name',
                title: t('column.folder'),
                render: (f) => <FolderName name={f.name} />,
              },
              { key: 'contents', title: t('column.contents'), render: (f) => t('folder.counts', { folders: f.folders_count, files: f.files_count }) },
              { key: 'deleted', title: t('bin.deleted'), render: (f) => when(f.deleted_at), nowrap: true },
              { key: 'left', title: t('bin.left'), render: (f) => left(f.deleted_at), nowrap: true },
            ]}
            actions={(f) => restoreButton(restoreFolder, f.id)}
          />
        </div>
      ) : null}
      {list.error && !list.data ? (
        <LoadError title={t('bin.loadError')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <ItemList<FileItem>
          testid="bin"
          rows={list.data?.results ?? []}
          rowKey={(f) => f.id}
          loading={list.isFetching}
          empty={t(folders.data?.length ? 'bin.noFiles' : 'bin.empty')}
          paging={{ page, pageSize: PAGE, total: list.data?.count ?? 0, onPage: setPage }}
          columns={[
            { key: 'name', title: t('column.name'), render: (f) => <FileName name={f.name} kind={f.kind} /> },
            { key: 'folder', title: t('column.folder'), render: (f) => (f.folder_name ? <bdi>{f.folder_name}</bdi> : t('folder.top')) },
            { key: 'size', title: t('column.size'), render: (f) => formatSize(t, f.size), nowrap: true, align: 'end' },
            { key: 'deleted', title: t('bin.deleted'), render: (f) => when(f.deleted_at), nowrap: true },
            { key: 'left', title: t('bin.left'), render: (f) => left(f.deleted_at), nowrap: true },
          ]}
          // a controlled document comes back by the hand of those who control documents
          actions={(f) => (!f.document || mayIssue ? restoreButton(restoreFile, f.id) : null)}
        />
      )}
    </div>
  );
}
