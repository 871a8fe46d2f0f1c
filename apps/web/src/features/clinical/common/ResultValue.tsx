import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultItem } from '../types';

const FLAG_COLORS: Record<string, string> = { L: 'blue', H: 'orange', LL: 'purple', HH: 'red' };

/** A flag as a coloured tag: L, H, LL (critical low), HH (critical high). */
export function FlagTag({ flag }: { flag: string | null | undefined }) {
  const { t } = useTranslation('clinical');
  if (!flag) return null;
  return (
    <Tag className="clin-flag" color={FLAG_COLORS[flag] ?? 'default'} title={t(`flag.${flag}`, { defaultValue: flag })}>
      {flag}
    </Tag>
  );
}

/** A result's value with its unit and flag, and its reference range when known. */
export function ResultValue({ result }: { result: ResultItem | null }) {
  if (!result || result.value == null) return <span className="clin-muted">—</span>;
  const range = result.ref_low != null || result.ref_high != null ? `(${result.ref_low ?? '…'}–${result.ref_high ?? '…'})` : '';
  return (
    <span className="clin-result">
      <strong>{String(result.value)}</strong> {result.unit} <FlagTag flag={result.flag} /> {range && <span className="clin-muted">{range}</span>}
    </span>
  );
}
