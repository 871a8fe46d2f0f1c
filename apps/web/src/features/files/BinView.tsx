import { UndoOutlined } from '@ant-design/icons';
import { BIN_DAYS, type FileItem } from '@nlims/contracts';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../analytics/LoadError';
import { useFiles, useRestoreItem } from './api';
import { FileName } from './FileParts';
import { binDaysLeft, formatSize, when } from './format';
import { ItemList } from './ItemList';

const PAGE = 20;

/** What was deleted in the last 30 days, with when and by whom; a file goes back to its folder (or the top level) when restored. */
export function BinView() {
  const { t } = useTranslation('files');
  const [page, setPage] = useState(1);
  const list = useFiles({ view: 'bin', page, pageSize: PAGE });
  const restore = useRestoreItem('files');
  if (list.error && !list.data) return <LoadError title={t('bin.loadError')} error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <div className="files-bin">
      <Alert type="info" showIcon className="files-alert" title={t('bin.lead', { days: BIN_DAYS })} />
      <ItemList<FileItem>
        testid="bin"
        rows={list.data?.results ?? []}
        rowKey={(f) => f.id}
        loading={list.isFetching}
        empty={t('bin.empty')}
        paging={{ page, pageSize: PAGE, total: list.data?.count ?? 0, onPage: setPage }}
        columns={[
          { key: 'name', title: t('column.name'), render: (f) => <FileName name={f.name} kind={f.kind} /> },
          { key: 'folder', title: t('column.folder'), render: (f) => (f.folder_name ? <bdi>{f.folder_name}</bdi> : t('folder.top')) },
          { key: 'size', title: t('column.size'), render: (f) => formatSize(t, f.size), nowrap: true, align: 'end' },
          { key: 'deleted', title: t('bin.deleted'), render: (f) => when(f.deleted_at), nowrap: true },
          { key: 'left', title: t('bin.left'), render: (f) => (f.deleted_at ? t('bin.days', { n: binDaysLeft(f.deleted_at) }) : '—'), nowrap: true },
        ]}
        actions={(f) => (
          <Button size="small" icon={<UndoOutlined />} loading={restore.isPending && restore.variables === f.id} onClick={() => restore.mutate(f.id)}>
            {t('bin.restore')}
          </Button>
        )}
      />
    </div>
  );
}
