import {
  DownloadOutlined,
  FileExcelOutlined,
  FolderFilled,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  FileWordOutlined,
} from '@ant-design/icons';
import type { FileItem } from '@nlims/contracts';
import { Button, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../shared/files';
import { downloadPath } from './api';

const ICONS: Record<string, ReactNode> = {
  pdf: <FilePdfOutlined />,
  png: <FileImageOutlined />,
  jpg: <FileImageOutlined />,
  tif: <FileImageOutlined />,
  docx: <FileWordOutlined />,
  odt: <FileWordOutlined />,
  xlsx: <FileExcelOutlined />,
  ods: <FileExcelOutlined />,
  csv: <FileExcelOutlined />,
  txt: <FileTextOutlined />,
};

/** A folder's name with the folder icon, in a list. */
export function FolderName({ name }: { name: string }) {
  return (
    <span className="files-name">
      <FolderFilled className="files-folder__icon" aria-hidden />
      <bdi className="files-name__text">{name}</bdi>
    </span>
  );
}

/** A file's name with the icon of its kind. */
export function FileName({ name, kind }: { name: string; kind: string }) {
  return (
    <span className="files-name">
      <span className="files-name__icon" aria-hidden>
        {ICONS[kind] ?? <FileOutlined />}
      </span>
      <bdi className="files-name__text" title={name}>
        {name}
      </bdi>
    </span>
  );
}

/** A controlled document's version: current, or superseded by a later one; past its review date shown beside. */
export function DocumentTags({ document }: { document: NonNullable<FileItem['document']> }) {
  const { t } = useTranslation('files');
  return (
    <span className="files-tags">
      {document.status === 'current' ? <Tag color="green">{t('document.current')}</Tag> : <Tag>{t('document.superseded')}</Tag>}
      {document.past_review && document.status === 'current' && <Tag color="red">{t('document.pastReview')}</Tag>}
    </span>
  );
}

/** Save a stored file (the token travels in a header, so it is fetched and then saved under its name). */
export function DownloadButton({ id, name, label }: { id: number; name: string; label?: boolean }) {
  const { t } = useTranslation('files');
  const [busy, setBusy] = useState(false);
  const go = () => {
    setBusy(true);
    downloadFile(downloadPath(id), name)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={go} aria-label={t('action.downloadName', { name })} title={t('action.download')}>
      {label === false ? null : t('action.download')}
    </Button>
  );
}
