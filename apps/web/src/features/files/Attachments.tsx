import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { type AttachmentItem, type AttachmentTarget, FILE_ACCEPT } from '@nlims/contracts';
import { Button, Checkbox, Empty, Input, Popconfirm, Spin, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/page/LoadError';
import { useAttachments, useAttachmentsChanged, useDeleteAttachment, useUpdateAttachment } from './api';
import { DownloadButton, FileName } from './FileParts';
import { formatSize, when } from './format';
import { refusalText, uploadFiles } from './upload';
import { failed, type Queued, toSend, UploadList } from './UploadList';
import './files.css';

interface Props {
  target: AttachmentTarget;
  /** The sample's, the test order's (a result) or the non-conformity report's id. */
  id: number;
  /** Read only: no upload, change or delete. */
  readOnly?: boolean;
  /** Headed "Attachments" (where the list stands among other sections rather than in its own dialog). */
  heading?: boolean;
}

let nextUid = 0;

/**
 * The files attached to a sample, a result or a non-conformity report: each with who added
 * it and when, to download or delete; a sample's or a result's may be printed with the
 * report. New ones go up with a progress bar each, and a file the server refuses says why.
 */
export function Attachments({ target, id, readOnly, heading }: Props) {
  const { t } = useTranslation('files');
  const list = useAttachments(target, id);
  const update = useUpdateAttachment(target, id);
  const remove = useDeleteAttachment(target, id);
  const changed = useAttachmentsChanged(target, id);
  const [queue, setQueue] = useState<Queued[]>([]);
  const [description, setDescription] = useState('');
  const [withReport, setWithReport] = useState(false);
  const [busy, setBusy] = useState(false);
  // A sample's and a result's attachments may be printed with the order's report.
  const forReport = target !== 'ncr';
  const waiting = toSend(queue);
  const patch = (uid: string, change: Partial<Queued>) => setQueue((all) => all.map((q) => (q.uid === uid ? { ...q, ...change } : q)));

  const attach = async () => {
    setBusy(true);
    let stored = 0;
    for (const item of waiting) {
      patch(item.uid, { state: 'uploading', percent: 0, message: undefined });
      try {
        await uploadFiles<AttachmentItem[]>(
          '/api/attachments/',
          [item.file],
          { target, id, description: description.trim(), with_report: forReport ? withReport : undefined },
          (percent) => patch(item.uid, { percent }),
        );
        stored++;
        patch(item.uid, { state: 'done', percent: 100, message: t('attachments.attached') });
      } catch (error) {
        patch(item.uid, failed(error, refusalText(error, t('upload.failed'))));
      }
    }
    setBusy(false);
    if (stored) {
      setDescription('');
      changed();
    }
  };

  const rows = list.data ?? [];
  return (
    <section className="files-attachments" data-testid={`attachments-${target}-${id}`}>
      {heading && (
        <Typography.Title level={5} className="files-section-title">
          {t('attachments.title')}
        </Typography.Title>
      )}
      {list.error && !list.data ? (
        <LoadError title={t('attachments.loadError')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Spin spinning={list.isFetching && !list.data}>
          {rows.length ? (
            <ul className="files-attached">
              {rows.map((a) => (
                <li key={a.id} className="files-attached__item" data-attachment={a.id}>
                  <div className="files-attached__main">
                    <FileName name={a.name} kind={a.kind} />
                    <span className="files-muted">
                      {formatSize(t, a.size)} · <bdi>{a.created_by}</bdi> · {when(a.created_at)}
                    </span>
                    {a.description && <bdi className="files-attached__description">{a.description}</bdi>}
                  </div>
                  <div className="files-attached__actions">
                    {forReport && (
                      <Checkbox
                        checked={a.with_report}
                        disabled={readOnly || (update.isPending && update.variables?.attachment === a.id)}
                        onChange={(e) => update.mutate({ attachment: a.id, with_report: e.target.checked })}
                      >
                        {t('attachments.withReport')}
                      </Checkbox>
                    )}
                    <DownloadButton id={a.file} name={a.name} label={false} />
                    {!readOnly && (
                      <Popconfirm
                        title={t('attachments.deleteTitle', { name: a.name })}
                        okText={t('attachments.delete')}
                        okButtonProps={{ danger: true }}
                        cancelText={t('action.cancel')}
                        onConfirm={() => remove.mutateAsync(a.id).catch(() => undefined)}
                      >
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('attachments.deleteName', { name: a.name })} />
                      </Popconfirm>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attachments.none')} className="files-attached__empty" />
          )}
        </Spin>
      )}
      {!readOnly && (
        <div className="files-attach">
          <Upload
            multiple
            accept={FILE_ACCEPT}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              setQueue((all) => [...all.filter((q) => q.state !== 'done' && !q.refused), { uid: `a${nextUid++}`, file, state: 'waiting', percent: 0 }]);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<PaperClipOutlined />} disabled={busy}>
              {t('attachments.choose')}
            </Button>
          </Upload>
          <UploadList items={queue} onRemove={(uid) => setQueue((all) => all.filter((q) => q.uid !== uid))} />
          {waiting.length > 0 && (
            <div className="files-attach__form">
              <Input
                value={description}
                maxLength={500}
                placeholder={t('attachments.description')}
                aria-label={t('attachments.description')}
                onChange={(e) => setDescription(e.target.value)}
              />
              {forReport && (
                <Checkbox checked={withReport} onChange={(e) => setWithReport(e.target.checked)}>
                  {t('attachments.withReport')}
                </Checkbox>
              )}
              <Button type="primary" loading={busy} onClick={() => void attach()}>
                {t('attachments.attach', { n: waiting.length })}
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
