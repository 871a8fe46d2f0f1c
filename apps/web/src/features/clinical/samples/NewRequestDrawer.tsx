import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer } from 'antd';
import { TABLET_UP, useMediaQuery } from '../../../shared/page/useMediaQuery';
import { OrderForm } from '../lab-order/OrderForm';
import { OrderSaved } from '../lab-order/OrderSaved';
import { useTestNames } from '../lab-order/useTestNames';
import type { OrderCreated } from '../types';
import '../lab-order/testPicker.css';

/** A new request for the programme, in a drawer over its sample list (the programmes without a lab-order page): the order form, then a label per sample. */
export function NewRequestDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('clinical');
  const wide = useMediaQuery(TABLET_UP);
  const [saved, setSaved] = useState<OrderCreated | null>(null);
  const testNames = useTestNames();
  const close = () => {
    setSaved(null);
    onClose();
  };
  return (
    <Drawer open={open} onClose={close} title={t('labOrder.newRequest')} size={wide ? 880 : '100%'} destroyOnHidden className="clin-request-drawer">
      {saved ? <OrderSaved order={saved} onNew={() => setSaved(null)} testNames={testNames} toCollection={false} /> : <OrderForm onSaved={setSaved} />}
    </Drawer>
  );
}
