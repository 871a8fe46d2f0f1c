import { InboxOutlined } from '@ant-design/icons';
import { FILE_ACCEPT, FILE_KIND_KEYS, type FileItem } from '@nlims/contracts';
import { Alert, Button, Checkbox, Form, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { todayLagos } from '../../shared/format/format';
import { useInvalidateFiles } from './api';
import { DOCUMENT_FIELDS, DocumentFields } from './DocumentFields';
import { FolderPicker } from './FolderPicker';
import { formatSize, kindText } from './format';
import { uploadFiles } from './upload';
import { failed, type Queued, toSend, UploadList } from './UploadList';

interface Values {
  folder: number | null;
  controlled: boolean;
  code?: string;
  title?: string;
  effective_date?: string;
  review_date?: string;
  approved_by?: string;
}

interface Props {
  folder?: number | null;
  folderName?: string;
  /** A new version of this document: the section is on and its code fixed. */
  document?: { code: string; title: string; folder: number | null };
  /** Whether the controlled-document section may be used at all. */
  allowDocument?: boolean;
  onUploaded?: (items: FileItem[]) => void;
}

/** A year after a date given as YYYY-MM-DD (the usual review period of a procedure). */
const yearAfter = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;

let nextUid = 0;

/**
 * Files dropped or chosen, sent one by one into a folder, each with its own progress bar and the
 * server's answer beside it (a file refused by its contents says why). As a controlled document,
 * one file goes up with its version's metadata; a code already in use makes its next version.
 */
export function UploadForm({ folder = null, folderName, document, allowDocument = true, onUploaded }: Props) {
  const { t } = useTranslation('files');
  const [form] = Form.useForm<Values>();
  const [queue, setQueue] = useState<Queued[]>([]);
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidateFiles();
  const controlled = (Form.useWatch('controlled', form) as boolean | undefined) ?? !!document;
  const waiting = toSend(queue);
  const tooMany = controlled && waiting.length > 1;
  const patch = (uid: string, change: Partial<Queued>) => setQueue((all) => all.map((q) => (q.uid === uid ? { ...q, ...change } : q)));
  const today = todayLagos();
  const initial: Values = {
    folder: document ? document.folder : folder,
    controlled: !!document,
    code: document?.code,
    title: document?.title,
    effective_date: today,
    review_date: yearAfter(today),
  };

  const send = async (values: Values) => {
    setBusy(true);
    const uploaded: FileItem[] = [];
    const fields = {
      folder: values.folder ?? undefined,
      ...(controlled && Object.fromEntries(DOCUMENT_FIELDS.map((k) => [k, (values[k] ?? '').trim()]))),
    };
    for (const item of waiting) {
      patch(item.uid, { state: 'uploading', percent: 0, message: undefined });
      try {
        const made = await uploadFiles<FileItem[]>('/api/files/', [item.file], fields, (percent) => patch(item.uid, { percent }));
        uploaded.push(...made);
        const version = made[0]?.document?.version;
        patch(item.uid, { state: 'done', percent: 100, message: version ? t('upload.doneVersion', { version }) : t('upload.done') });
      } catch (error) {
        patch(item.uid, refusal(error));
      }
    }
    setBusy(false);
    if (uploaded.length) {
      invalidate();
      onUploaded?.(uploaded);
    }
  };

  /**
   * The file's own refusal for its line; a metadata field's goes under that field, and the file
   * may go again once the field is put right.
   */
  const refusal = (error: unknown): Partial<Queued> => {
    const fields = error instanceof ApiError ? error.fieldErrors : undefined;
    if (!fields) return failed(error, (error instanceof ApiError && error.detail) || t('upload.failed'));
    const own: string[] = [];
    const onForm: { name: string; errors: string[] }[] = [];
    for (const [name, messages] of Object.entries(fields)) {
      if ((DOCUMENT_FIELDS as readonly string[]).includes(name) || name === 'folder') onForm.push({ name, errors: messages });
      else own.push(...messages);
    }
    form.setFields(onForm as Parameters<typeof form.setFields>[0]);
    return own.length ? failed(error, own.join(' ')) : { ...failed(error, t('upload.checkFields')), refused: false };
  };

  const kinds = FILE_KIND_KEYS.map((k) => kindText(t, k)).join(t('list.separator'));
  return (
    <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(v) => void send(v)} className="files-upload" requiredMark={false}>
      <Upload.Dragger
        multiple={!controlled}
        accept={FILE_ACCEPT}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          setQueue((all) => [...all.filter((q) => q.state !== 'done' && !q.refused), { uid: `f${nextUid++}`, file, state: 'waiting', percent: 0 }]);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t(controlled ? 'upload.dropOne' : 'upload.drop')}</p>
        <p className="ant-upload-hint">{t('upload.hint', { kinds })}</p>
      </Upload.Dragger>
      <UploadList items={queue} onRemove={(uid) => setQueue((all) => all.filter((q) => q.uid !== uid))} />
      <Form.Item name="folder" label={t('upload.folder')}>
        <FolderPicker valueName={folderName} />
      </Form.Item>
      {allowDocument && !document && (
        <Form.Item name="controlled" valuePropName="checked" extra={t('upload.controlledHelp')}>
          <Checkbox>{t('upload.controlled')}</Checkbox>
        </Form.Item>
      )}
      {controlled && <DocumentFields codeFixed={!!document} />}
      {tooMany && <Alert type="warning" showIcon className="files-alert" title={t('upload.oneDocument')} />}
      <div className="files-actions">
        <Button type="primary" htmlType="submit" loading={busy} disabled={!waiting.length || tooMany}>
          {waiting.length > 1 ? t('upload.sendCount', { n: waiting.length }) : t('upload.send')}
        </Button>
        {waiting.length > 0 && (
          <span className="files-muted">
            {formatSize(
              t,
              waiting.reduce((sum, q) => sum + q.file.size, 0),
            )}
          </span>
        )}
      </div>
    </Form>
  );
}
