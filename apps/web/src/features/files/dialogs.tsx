import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../api/forms';
import { errorDetail } from '../../shared/forms/forms';
import { useCreateFolder, useUpdateItem } from './api';
import { FolderPicker } from './FolderPicker';

type Kind = 'folders' | 'files';

/** A name as the server takes it: not blank, at most 200 characters, no slashes. */
function useNameRules() {
  const { t } = useTranslation('files');
  return [
    { required: true, whitespace: true, message: t('form.required') },
    { max: 200, message: t('form.tooLong', { max: 200 }) },
    { pattern: /^[^/\\]*$/, message: t('form.noSlash') },
  ];
}

interface NameDialogProps {
  title: string;
  okText: string;
  initial?: string;
  pending: boolean;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** One name asked for: a new folder's, or a folder's or file's new name. A refusal shows under the field. */
function NameDialog({ title, okText, initial, pending, onSave, onClose }: NameDialogProps) {
  const { t } = useTranslation('files');
  const [form] = Form.useForm<{ name: string }>();
  const [problem, setProblem] = useState<string | null>(null);
  const rules = useNameRules();
  const save = async ({ name }: { name: string }) => {
    setProblem(null);
    try {
      await onSave(name.trim());
      onClose();
    } catch (error) {
      // A refused name shows under the field; anything else (another field, a 403 or 409) above the buttons.
      const left = Object.values(applyFieldErrors(form, error)).flat();
      setProblem(left.length ? left.join(' ') : form.getFieldError('name').length ? null : (errorDetail(error) ?? t('action.failed')));
    }
  };
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('action.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: initial ?? '' }} onFinish={(v) => void save(v)} requiredMark={false}>
        <Form.Item name="name" label={t('folder.name')} rules={rules}>
          <Input autoFocus autoComplete="off" />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon title={problem} />}
    </Modal>
  );
}

export function NewFolderDialog({ parent, onClose }: { parent: number | null; onClose: () => void }) {
  const { t } = useTranslation('files');
  const create = useCreateFolder();
  return (
    <NameDialog
      title={t('folder.new')}
      okText={t('action.create')}
      pending={create.isPending}
      onSave={(name) => create.mutateAsync({ name, parent })}
      onClose={onClose}
    />
  );
}

export function RenameDialog({ kind, item, onClose }: { kind: Kind; item: { id: number; name: string }; onClose: () => void }) {
  const { t } = useTranslation('files');
  const update = useUpdateItem(kind);
  return (
    <NameDialog
      title={t('action.renameTitle', { name: item.name })}
      okText={t('action.rename')}
      initial={item.name}
      pending={update.isPending}
      onSave={(name) => update.mutateAsync({ id: item.id, name })}
      onClose={onClose}
    />
  );
}

/** Move a folder (not into itself) or a file to another folder, or to the top level. */
export function MoveDialog({ kind, item, onClose }: { kind: Kind; item: { id: number; name: string }; onClose: () => void }) {
  const { t } = useTranslation('files');
  const update = useUpdateItem(kind);
  const [target, setTarget] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const move = async () => {
    setProblem(null);
    try {
      await update.mutateAsync(kind === 'folders' ? { id: item.id, parent: target } : { id: item.id, folder: target });
      onClose();
    } catch (error) {
      setProblem(errorDetail(error) ?? t('action.failed'));
    }
  };
  return (
    <Modal
      open
      title={t('action.moveTitle', { name: item.name })}
      okText={t('action.move')}
      cancelText={t('action.cancel')}
      confirmLoading={update.isPending}
      onOk={() => void move()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('action.moveTo')} htmlFor="files-move-target">
          <FolderPicker id="files-move-target" value={target} onChange={setTarget} exclude={kind === 'folders' ? item.id : undefined} />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon title={problem} />}
    </Modal>
  );
}
