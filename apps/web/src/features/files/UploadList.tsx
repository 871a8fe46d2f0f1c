import { CheckCircleFilled, CloseCircleFilled, DeleteOutlined, FileOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { formatSize } from './format';

export type UploadState = 'waiting' | 'uploading' | 'done' | 'error';

export interface Queued {
  uid: string;
  file: File;
  state: UploadState;
  percent: number;
  /** The server's refusal, or where the file went. */
  message?: string;
  /** Refused for what it is: sending it again would not change the answer. */
  refused?: boolean;
}

/** The files still to send: new ones, and those that failed on the way (not those the server refused). */
export const toSend = (queue: readonly Queued[]) => queue.filter((q) => q.state === 'waiting' || (q.state === 'error' && !q.refused));

/** A failed upload's line: refused by the server (a 4xx), or failed on the way and worth another try. */
export const failed = (error: unknown, message: string): Partial<Queued> => ({
  state: 'error',
  percent: 0,
  message,
  refused: error instanceof ApiError && error.status < 500,
});

/** The chosen files, each with its progress while it goes up and then the server's answer: stored, or refused and why. */
export function UploadList({ items, onRemove }: { items: readonly Queued[]; onRemove: (uid: string) => void }) {
  const { t } = useTranslation('files');
  if (!items.length) return null;
  return (
    <ul className="files-queue" data-testid="upload-queue">
      {items.map((item) => (
        <li key={item.uid} className={`files-queue__item files-queue__item--${item.state}`} data-state={item.state}>
          <div className="files-queue__head">
            {item.state === 'done' ? (
              <CheckCircleFilled className="files-ok" />
            ) : item.state === 'error' ? (
              <CloseCircleFilled className="files-bad" />
            ) : (
              <FileOutlined />
            )}
            <bdi className="files-queue__name" title={item.file.name}>
              {item.file.name}
            </bdi>
            <span className="files-muted files-nowrap">{formatSize(t, item.file.size)}</span>
            {item.state !== 'uploading' && item.state !== 'done' && (
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('upload.remove', { name: item.file.name })}
                onClick={() => onRemove(item.uid)}
              />
            )}
          </div>
          {(item.state === 'uploading' || item.state === 'done') && (
            <Progress percent={item.percent} size="small" status={item.state === 'done' ? 'success' : 'active'} aria-label={t('upload.progress')} />
          )}
          {item.message && (
            <div
              className={item.state === 'error' ? 'files-bad files-queue__message' : 'files-muted files-queue__message'}
              role={item.state === 'error' ? 'alert' : undefined}
              // the server's words may be in another script than the page's
              dir="auto"
            >
              {item.message}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
