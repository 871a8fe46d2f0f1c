import { InputNumber } from 'antd';
import { formatNaira, parseNaira } from './format';

/** A price in naira: shown as ₦1,234.50 while typing is free. */
export function NairaInput({ value, onChange }: { value?: unknown; onChange?: (value: unknown) => void }) {
  return (
    <InputNumber<number>
      className="res-number"
      value={value as number | null | undefined}
      onChange={(next) => onChange?.(next)}
      min={0}
      precision={2}
      formatter={(v) => (v === undefined || v === null || String(v) === '' ? '' : formatNaira(Number(v)))}
      parser={(text) => parseNaira(text) ?? (undefined as unknown as number)}
    />
  );
}
