import { PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { labelPath, viewFile } from '../common/pdf';
import type { OrderCreated } from '../types';

/** After saving: the laboratory number, the label to print, and a fresh order. */
export function OrderSaved({ order, onNew }: { order: OrderCreated; onNew: () => void }) {
  const { t } = useTranslation('clinical');
  const [printing, setPrinting] = useState(false);
  const print = () => {
    setPrinting(true);
    viewFile(labelPath(order.id))
      .catch(() => undefined)
      .finally(() => setPrinting(false));
  };
  return (
    <Result
      status="success"
      title={t('labOrder.saved')}
      subTitle={
        <span>
          {t('labOrder.labNumber')}:{' '}
          <span className="clin-lab-number" data-testid="lab-number">
            {order.lab_number}
          </span>{' '}
          · {t('labOrder.testCount', { count: order.tests.length })}
        </span>
      }
      extra={[
        <Button key="label" type="primary" icon={<PrinterOutlined />} loading={printing} onClick={print}>
          {t('actions.printLabel')}
        </Button>,
        <Button key="new" icon={<PlusOutlined />} onClick={onNew}>
          {t('labOrder.newOrder')}
        </Button>,
        <Link key="samples" to="/clinical/manage-sample">
          {t('labOrder.toCollection')}
        </Link>,
      ]}
    />
  );
}
