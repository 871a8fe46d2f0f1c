import { Drawer, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { TABLET_UP, useMediaQuery } from '../../../shared/page/useMediaQuery';

interface Props<T> {
  /** Translated; the sample's laboratory number follows it once known. */
  title: string;
  labNumber?: string;
  /** On a tablet or wider; a phone gets the whole screen. */
  width: number;
  data: T | undefined;
  /** Defaults to "no data yet". */
  loading?: boolean;
  /** When true for the loaded data, a plain "no data" picture stands in for the content. */
  isEmpty?: (data: T) => boolean;
  onClose: () => void;
  children: (data: T) => ReactNode;
}

/** The shell of a drawer about one sample: title with its laboratory number, phone-wide, a spinner until its data has come. */
export function ClinicalDrawer<T>({ title, labNumber, width, data, loading = data === undefined, isEmpty, onClose, children }: Props<T>) {
  const wide = useMediaQuery(TABLET_UP);
  return (
    <Drawer open onClose={onClose} title={labNumber != null ? `${title} · ${labNumber}` : title} size={wide ? width : '100%'}>
      {loading && <Spin className="clin-loading" />}
      {data !== undefined && (isEmpty?.(data) ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : children(data))}
    </Drawer>
  );
}
