import { Card } from 'antd';
import { useState } from 'react';
import type { PageProps } from '../../../shared/page/pageProps';
import { ClinicalPage } from '../../../shared/page/ClinicalPage';
import type { OrderCreated } from '../types';
import { OrderForm } from './OrderForm';
import { OrderSaved } from './OrderSaved';
import { useTestNames } from './useTestNames';

/** Order tests for a client: find or register the client, pick tests and panels, priority and the requesting clinician; then print a label per sample. */
export default function LabOrderPage({ page }: PageProps) {
  const [saved, setSaved] = useState<OrderCreated | null>(null);
  const testNames = useTestNames();
  return (
    <ClinicalPage page={page}>
      {saved ? (
        <Card>
          <OrderSaved order={saved} onNew={() => setSaved(null)} testNames={testNames} />
        </Card>
      ) : (
        <OrderForm onSaved={setSaved} />
      )}
    </ClinicalPage>
  );
}
