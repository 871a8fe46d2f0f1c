import { CloudUploadOutlined, EllipsisOutlined, FolderAddOutlined, FolderFilled, HomeOutlined, SearchOutlined } from '@ant-design/icons';
import type { FileItem, FolderItem } from '@nlims/contracts';
import { Breadcrumb, Button, Dropdown, Empty, Input, Modal, Spin } from 'antd';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../shared/page/LoadError';
import { foldersQuery, useDeleteItem, useFiles, useFolders } from './api';
import { MoveDialog, NewFolderDialog, RenameDialog } from './dialogs';
import { DocumentTags, DownloadButton, FileName } from './FileParts';
import { formatSize, kindText, when } from './format';
import { ItemList } from './ItemList';
import { NewVersionDialog } from './NewVersionDialog';

export const FILE_PAGE = 20;

type Dialog =
  | { kind: 'new' }
  | { kind: 'rename' | 'move'; what: 'folders' | 'files'; item: { id: number; name: string } }
  | { kind: 'version'; file: FileItem };

interface Props {
  /** The folders from the top level down to the one shown (empty: the top level). */
  trail: number[];
  onTrail: (trail: number[]) => void;
  /** Names known without their parent's list (a recent folder opened directly). */
  names?: Record<number, string>;
  mayIssue: boolean;
}

/** One folder (or the top level): where it sits, the folders inside it, its files with kind, size, who and when, and what can be done with each. */
export function FolderView({ trail, onTrail, names = {}, mayIssue }: Props) {
  const { t } = useTranslation('files');
  const current = trail.at(-1) ?? null;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [modal, holder] = Modal.useModal();
  // The names along the way, each from its parent's list (cached as the user went down).
  const levels = useQueries({ queries: [null, ...trail.slice(0, -1)].map((parent) => foldersQuery(parent)) });
  const nameOf = (id: number, i: number) => levels[i]?.data?.find((f) => f.id === id)?.name ?? names[id] ?? '…';
  const folders = useFolders(current);
  const files = useFiles({ view: current == null ? 'root' : 'folder', folder: current, search: search.trim() || undefined, page, pageSize: FILE_PAGE });
  const deleteFolder = useDeleteItem('folders');
  const deleteFile = useDeleteItem('files');
  const open = (folder: FolderItem) => {
    setPage(1);
    setSearch('');
    onTrail([...trail, folder.id]);
  };
  const go = (to: number[]) => {
    setPage(1);
    setSearch('');
    onTrail(to);
  };
  const toBin = (what: 'folders' | 'files', item: { id: number; name: string }) =>
    modal.confirm({
      title: t(what === 'folders' ? 'bin.folderTitle' : 'bin.fileTitle', { name: item.name }),
      content: t(what === 'folders' ? 'bin.folderText' : 'bin.fileText'),
      okText: t('bin.send'),
      okButtonProps: { danger: true },
      cancelText: t('action.cancel'),
      onOk: () => (what === 'folders' ? deleteFolder : deleteFile).mutateAsync(item.id).catch(() => undefined),
    });
  const itemMenu = (what: 'folders' | 'files', item: { id: number; name: string }, extra: { key: string; label: string; onClick: () => void }[] = []) => (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          ...extra,
          { key: 'rename', label: t('action.rename'), onClick: () => setDialog({ kind: 'rename', what, item }) },
          { key: 'move', label: t('action.move'), onClick: () => setDialog({ kind: 'move', what, item }) },
          { type: 'divider' },
          { key: 'delete', danger: true, label: t('bin.send'), onClick: () => toBin(what, item) },
        ],
      }}
    >
      <Button size="small" icon={<EllipsisOutlined />} aria-label={t('action.more', { name: item.name })} />
    </Dropdown>
  );
  const rows = files.data?.results ?? [];
  return (
    <div className="files-browser" data-testid="folder-view">
      {holder}
      <Breadcrumb
        className="files-crumbs"
        items={[
          {
            key: 'top',
            title: (
              <button type="button" className="files-crumb" onClick={() => go([])}>
                <HomeOutlined /> {t('folder.top')}
              </button>
            ),
          },
          ...trail.map((id, i) => ({
            key: id,
            title:
              i === trail.length - 1 ? (
                <bdi>{nameOf(id, i)}</bdi>
              ) : (
                <button type="button" className="files-crumb" onClick={() => go(trail.slice(0, i + 1))}>
                  <bdi>{nameOf(id, i)}</bdi>
                </button>
              ),
          })),
        ]}
      />
      <div className="files-toolbar">
        <Button icon={<FolderAddOutlined />} onClick={() => setDialog({ kind: 'new' })}>
          {t('folder.new')}
        </Button>
        <Link
          to={current == null ? '/file-management/upload-files' : `/file-management/upload-files?folder=${current}`}
          state={{ folderName: current == null ? undefined : nameOf(current, trail.length - 1) }}
        >
          <Button icon={<CloudUploadOutlined />}>{t('folder.uploadHere')}</Button>
        </Link>
        <Input
          allowClear
          className="files-search"
          prefix={<SearchOutlined />}
          placeholder={t('folder.search')}
          aria-label={t('folder.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {folders.error && !folders.data ? (
        <LoadError title={t('folder.loadError')} error={folders.error} onRetry={() => void folders.refetch()} />
      ) : (
        <Spin spinning={folders.isFetching && !folders.data}>
          {folders.data?.length ? (
            <ul className="files-folders" data-testid="folders">
              {folders.data.map((f) => (
                <li key={f.id} className="files-folder">
                  <button type="button" className="files-folder__open" onClick={() => open(f)} title={f.name}>
                    <FolderFilled className="files-folder__icon" aria-hidden />
                    <span className="files-folder__text">
                      <bdi className="files-folder__name">{f.name}</bdi>
                      <span className="files-muted">{t('folder.counts', { folders: f.folders_count, files: f.files_count })}</span>
                    </span>
                  </button>
                  {itemMenu('folders', f)}
                </li>
              ))}
            </ul>
          ) : null}
        </Spin>
      )}
      {files.error && !files.data ? (
        <LoadError title={t('folder.loadError')} error={files.error} onRetry={() => void files.refetch()} />
      ) : !rows.length && !folders.data?.length && !files.isFetching && !search ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(current == null ? 'folder.emptyTop' : 'folder.empty')} />
      ) : (
        <ItemList<FileItem>
          testid="folder-files"
          rows={rows}
          rowKey={(f) => f.id}
          loading={files.isFetching}
          empty={t(search ? 'folder.noMatch' : 'folder.noFiles')}
          paging={{ page, pageSize: FILE_PAGE, total: files.data?.count ?? 0, onPage: setPage }}
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
            { key: 'kind', title: t('column.kind'), render: (f) => kindText(t, f.kind), nowrap: true },
            { key: 'size', title: t('column.size'), render: (f) => formatSize(t, f.size), nowrap: true, align: 'end' },
            { key: 'who', title: t('column.who'), render: (f) => <bdi>{f.created_by}</bdi> },
            { key: 'when', title: t('column.when'), render: (f) => when(f.updated_at), nowrap: true },
          ]}
          actions={(f) => (
            <>
              <DownloadButton id={f.id} name={f.name} />
              {/* a controlled document is renamed, moved or binned by those who control documents */}
              {(!f.document || mayIssue) &&
                itemMenu(
                  'files',
                  f,
                  f.document?.status === 'current'
                    ? [{ key: 'version', label: t('document.newVersion'), onClick: () => setDialog({ kind: 'version', file: f }) }]
                    : [],
                )}
            </>
          )}
        />
      )}
      {dialog?.kind === 'new' && <NewFolderDialog parent={current} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rename' && <RenameDialog kind={dialog.what} item={dialog.item} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'move' && <MoveDialog kind={dialog.what} item={dialog.item} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'version' && <NewVersionDialog file={dialog.file} onClose={() => setDialog(null)} />}
    </div>
  );
}
