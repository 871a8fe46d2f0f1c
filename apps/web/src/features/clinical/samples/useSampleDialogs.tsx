import { useState } from 'react';
import type { OrderRow } from '../types';
import { CollectModal } from './CollectModal';
import { HistoryDrawer } from './HistoryDrawer';
import { HoldModal } from './HoldModal';
import { SampleDrawer } from './SampleDrawer';
import { RejectModal } from './RejectModal';

export type DialogKind = 'collect' | 'hold' | 'reject' | 'history' | 'view';

/** The one dialog a sample list has open at a time, and the element that renders it. */
export function useSampleDialogs() {
  const [dialog, setDialog] = useState<{ kind: DialogKind; order: OrderRow } | null>(null);
  const close = () => setDialog(null);
  const open = (kind: DialogKind, order: OrderRow) => setDialog({ kind, order });
  let element = null;
  if (dialog) {
    const { kind, order } = dialog;
    if (kind === 'collect') element = <CollectModal order={order} onClose={close} />;
    if (kind === 'hold') element = <HoldModal order={order} onClose={close} />;
    if (kind === 'reject') element = <RejectModal order={order} onClose={close} />;
    if (kind === 'history') element = <HistoryDrawer order={order} onClose={close} />;
    if (kind === 'view') element = <SampleDrawer sampleId={order.id} onClose={close} />;
  }
  return { open, element };
}
