import { PrinterOutlined } from '@ant-design/icons';
import { Button, List } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProgramme } from '../programme';
import type { OrderCreated } from '../types';
import { viewFile } from '../../../shared/files';
import { labelPath } from '../paths';

/** One label per sample an order (or its follow-on tests) made: its barcode, sample type and tests, and a button that prints it. */
export function SampleLabels({ samples, testNames }: { samples: OrderCreated['samples']; testNames?: (testType: number) => string | undefined }) {
  const { t } = useTranslation('clinical');
  const programme = useProgramme();
  const [printing, setPrinting] = useState<number | null>(null);
  const print = (id: number) => {
    setPrinting(id);
    viewFile(labelPath(programme, id))
      .catch(() => undefined)
      .finally(() => setPrinting(null));
  };
  return (
    <List
      className="clin-labels"
      size="small"
      bordered
      dataSource={samples}
      renderItem={(s) => {
        const names = testNames ? s.tests.map((x) => testNames(x.test_type)).filter(Boolean) : [];
        return (
          <List.Item
            className="clin-labels__item"
            data-barcode={s.barcode}
            actions={[
              <Button key="print" type="primary" icon={<PrinterOutlined />} loading={printing === s.id} onClick={() => print(s.id)}>
                {t('actions.printLabel')}
              </Button>,
            ]}
          >
            <div className="clin-labels__text">
              <span className="clin-lab-number" data-testid="sample-barcode">
                {s.barcode}
              </span>
              <span>{s.sample_type_name ?? t('labels.noSampleType')}</span>
              <span className="clin-muted">{names.length ? names.join(', ') : t('labOrder.testCount', { count: s.tests.length })}</span>
            </div>
          </List.Item>
        );
      }}
    />
  );
}
