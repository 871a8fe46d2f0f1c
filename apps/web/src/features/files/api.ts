import type { AttachmentItem, AttachmentTarget, FileItem, FolderItem, Paginated } from '@nlims/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

const FILES = ['files'] as const;
const ATTACHMENTS = ['attachments'] as const;

export type FileView = 'folder' | 'root' | 'bin' | 'documents' | 'past_review';

export interface FileQuery {
  view: FileView;
  folder?: number | null;
  search?: string;
  page: number;
  pageSize: number;
}

/** The query of the folders inside one (the top level without a parent). */
export const foldersQuery = (parent: number | null) => ({
  queryKey: [...FILES, 'folders', parent],
  queryFn: ({ signal }: { signal: AbortSignal }) => api<FolderItem[]>('/api/folders/', { query: { parent: parent ?? undefined }, signal }),
});

export function useFolders(parent: number | null) {
  return useQuery(foldersQuery(parent));
}

/** The folders in the bin (each deleted on its own; what was inside comes back with it). */
export function useBinFolders() {
  return useQuery({
    queryKey: [...FILES, 'bin-folders'],
    queryFn: ({ signal }) => api<FolderItem[]>('/api/folders/', { query: { view: 'bin' }, signal }),
  });
}

export function fetchFolders(parent: number | null): Promise<FolderItem[]> {
  return api<FolderItem[]>('/api/folders/', { query: { parent: parent ?? undefined } });
}

/** A page of files: a folder's, the top level's, the bin's, the controlled documents or those past their review date. */
export function useFiles(query: FileQuery, enabled = true) {
  return useQuery({
    queryKey: [...FILES, 'list', query],
    queryFn: ({ signal }) =>
      api<Paginated<FileItem>>('/api/files/', {
        query: {
          view: query.view,
          folder: query.view === 'folder' ? (query.folder ?? undefined) : undefined,
          search: query.search,
          page: query.page,
          page_size: query.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The caller's recently used folders or files. */
export function useRecentFolders() {
  return useQuery({
    queryKey: [...FILES, 'recent', 'folders'],
    queryFn: ({ signal }) => api<FolderItem[]>('/api/folders/recent_folders/', { signal }),
  });
}

export function useRecentFiles() {
  return useQuery({
    queryKey: [...FILES, 'recent', 'files'],
    queryFn: ({ signal }) => api<FileItem[]>('/api/folders/recent_files/', { signal }),
  });
}

/** After any change, every folder and file list is asked again. */
function useFilesChanged() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: FILES });
}

export function useCreateFolder() {
  const changed = useFilesChanged();
  return useMutation({
    // The dialog shows the refusal under its field.
    mutationFn: (body: { name: string; parent: number | null }) => api<FolderItem>('/api/folders/', { method: 'POST', body, notify: false }),
    onSuccess: changed,
  });
}

type Kind = 'folders' | 'files';

/** Rename or move a folder or a file. */
export function useUpdateItem(kind: Kind) {
  const changed = useFilesChanged();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; name?: string; parent?: number | null; folder?: number | null }) =>
      api<FolderItem | FileItem>(`/api/${kind}/${id}/`, { method: 'PATCH', body, notify: false }),
    onSuccess: changed,
  });
}

/** Send a folder or a file to the bin. */
export function useDeleteItem(kind: Kind) {
  const changed = useFilesChanged();
  return useMutation({
    mutationFn: (id: number) => api<null>(`/api/${kind}/${id}/`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export function useRestoreItem(kind: Kind) {
  const changed = useFilesChanged();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/api/${kind}/${id}/restore/`, { method: 'POST' }),
    onSuccess: changed,
  });
}

/** Everything listing files (folders, documents, recent ones) is asked again after an upload. */
export function useInvalidateFiles() {
  return useFilesChanged();
}

/** The attachments query of one target, for lists that read several at once. */
export const attachmentsQuery = (target: AttachmentTarget, id: number) => ({
  queryKey: [...ATTACHMENTS, target, id],
  queryFn: ({ signal }: { signal: AbortSignal }) => api<AttachmentItem[]>('/api/attachments/', { query: { target, id }, signal }),
});

export function useAttachments(target: AttachmentTarget, id: number) {
  return useQuery(attachmentsQuery(target, id));
}

/** After a change to an attachment: its list, and the reports' lists of those printed with them. */
export function useAttachmentsChanged(target: AttachmentTarget, id: number) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: [...ATTACHMENTS, target, id] });
    if (target !== 'ncr') void client.invalidateQueries({ queryKey: [...ATTACHMENTS, 'report'] });
  };
}

export function useUpdateAttachment(target: AttachmentTarget, id: number) {
  const changed = useAttachmentsChanged(target, id);
  return useMutation({
    mutationFn: ({ attachment, ...body }: { attachment: number; with_report?: boolean; description?: string }) =>
      api<AttachmentItem>(`/api/attachments/${attachment}/`, { method: 'PATCH', body }),
    onSuccess: changed,
  });
}

export function useDeleteAttachment(target: AttachmentTarget, id: number) {
  const changed = useAttachmentsChanged(target, id);
  return useMutation({
    mutationFn: (attachment: number) => api<null>(`/api/attachments/${attachment}/`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

/** The stored file's download path (a token is needed: fetched as a blob, never a plain link). */
export const downloadPath = (fileId: number) => `/api/files/${fileId}/download/`;
