import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../shared/page/LoadError';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import type { PageProps } from '../../shared/page/pageProps';
import { useInvoice } from './api';
import { InvoicePanel } from './InvoicePanel';
import './billing.css';

/** One invoice (`/payment-details?invoice=ID`): its lines, adjustments, payments and refunds, with what may be done now. */
export default function InvoiceDetailPage({ page }: PageProps) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('invoice')) || null;
  const invoice = useInvoice(id);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/billings?tab=all')}>
      {t('invoice.back')}
    </Button>
  );
  return (
    <ClinicalPage page={page} extra={back} className="bill-page">
      {id == null ? (
        <Empty description={t('invoice.choose')} />
      ) : invoice.error ? (
        <LoadError title={t('invoice.error')} error={invoice.error} onRetry={() => void invoice.refetch()} />
      ) : invoice.data ? (
        <InvoicePanel invoice={invoice.data} />
      ) : (
        <Spin className="clin-loading" />
      )}
    </ClinicalPage>
  );
}
