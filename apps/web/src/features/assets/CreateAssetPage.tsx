import { Alert, Button, Card, Form, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotices } from '../../shared/notices';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import type { PageProps } from '../../shared/page/pageProps';
import { ASSET_FIELDS, AssetFields, assetBody } from './AssetFields';
import { useCreateAsset } from './api';
import { showOnFields } from './serverErrors';
import './assets.css';

/** `/commodities/createAsset`: a new asset in the register (in use); then its page, to calibrate it or check it out. */
export default function CreateAssetPage({ page }: PageProps) {
  const { t } = useTranslation('assets');
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const { message } = useNotices();
  const create = useCreateAsset();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (values: Record<string, unknown>) => {
    setProblem(null);
    try {
      const made = await create.mutateAsync(assetBody(values));
      void message.success(t('form.created', { tag: made.tag }));
      navigate(`/commodities/asset?asset=${made.id}`);
    } catch (error) {
      const rest = showOnFields(form, error, ASSET_FIELDS);
      setProblem(rest.length ? rest.join('\n') : null);
    }
  };
  return (
    <ClinicalPage page={page} className="asset-page">
      <Card className="asset-form">
        <Form form={form} layout="vertical" onFinish={submit} data-testid="asset-form">
          <AssetFields />
          {problem && <Alert type="error" showIcon title={problem} className="asset-alert" />}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="asset-save">
              {t('form.save')}
            </Button>
            <Button onClick={() => navigate('/commodities/asset')}>{t('cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </ClinicalPage>
  );
}
