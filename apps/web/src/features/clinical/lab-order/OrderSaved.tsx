import { PlusOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SampleLabels } from '../common/SampleLabels';
import { useProgramme } from '../programme';
import type { OrderCreated } from '../types';

/** After saving: the laboratory number, one label to print per sample (the tests grouped by the sample type they need), and a fresh order. */
export function OrderSaved({
  order,
  onNew,
  testNames,
  toCollection = true,
}: {
  order: OrderCreated;
  onNew: () => void;
  testNames?: (testType: number) => string | undefined;
  /** Offer the way to the collection list (not from inside it). */
  toCollection?: boolean;
}) {
  const { t } = useTranslation('clinical');
  const manageSample = useProgramme().pathOf('manageSample');
  const collection = toCollection ? manageSample : undefined;
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
          · {t('labOrder.sampleCount', { count: order.samples.length })}
        </span>
      }
      extra={
        <div className="clin-saved">
          <SampleLabels samples={order.samples} testNames={testNames} />
          <div className="clin-form-actions clin-saved__actions">
            <Button icon={<PlusOutlined />} onClick={onNew}>
              {t('labOrder.newOrder')}
            </Button>
            {collection && <Link to={collection}>{t('labOrder.toCollection')}</Link>}
          </div>
        </div>
      }
    />
  );
}
