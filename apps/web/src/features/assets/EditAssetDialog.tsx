import type { AssetDetail } from '@nlims/contracts';
import { Alert, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSET_FIELDS, AssetFields, assetBody } from './AssetFields';
import { useUpdateAsset } from './api';
import { showOnFields } from './serverErrors';

/** Correct what the register says of an asset (its status changes through the moves). */
export function EditAssetDialog({ asset, onClose }: { asset: AssetDetail; onClose: () => void }) {
  const { t } = useTranslation('assets');
  const [form] = Form.useForm();
  const update = useUpdateAsset(asset.id);
  const [problem, setProblem] = useState<string | null>(null);
  const current = {
    tag: asset.tag,
    name: asset.name,
    generic: asset.generic,
    model: asset.model,
    serial_number: asset.serial_number,
    manufacturer: asset.manufacturer,
    supplier: asset.supplier,
    location: asset.location,
    in_service_date: asset.in_service_date,
    machine_setting: asset.machine_setting,
    note: asset.note,
  };
  const submit = async (values: Record<string, unknown>) => {
    setProblem(null);
    try {
      await update.mutateAsync(assetBody(values));
      onClose();
    } catch (error) {
      const rest = showOnFields(form, error, ASSET_FIELDS);
      setProblem(rest.length ? rest.join('\n') : null);
    }
  };
  return (
    <Modal
      open
      width={760}
      title={t('edit.title', { tag: asset.tag })}
      okText={t('form.save')}
      cancelText={t('cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'asset-edit', loading: update.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id="asset-edit" form={form} layout="vertical" initialValues={{ ...current, generic: current.generic ?? undefined }} onFinish={submit}>
        <AssetFields current={current} />
        {problem && <Alert type="error" showIcon title={problem} className="asset-alert" />}
      </Form>
    </Modal>
  );
}
