import { WarningFilled } from '@ant-design/icons';
import { formatNumber, formatResultValue, readWireValue, TARGET_NOT_DETECTED } from '@nlims/contracts';
import { PH_NOTIFY_FLAGS } from '@nlims/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Slot } from '../../../shared/registry';
import { RESULT_READING } from '../slots';
import { useReference } from '../api';
import type { ResultItem } from '../types';

/** Red for what must not be missed: a critical value, rifampicin-resistant or multidrug-resistant TB, an infant's HIV-1 DNA detected, an unsuppressed viral load. */
const FLAG_COLORS: Record<string, string> = {
  L: 'blue',
  H: 'orange',
  LL: 'purple',
  HH: 'red',
  'RR-TB': 'red',
  'MDR-TB': 'red',
  'HIV DETECTED': 'red',
  UNSUPPRESSED: 'red',
};
const KNOWN_FLAGS = new Set(Object.keys(FLAG_COLORS));

/** A flag as a coloured tag: L, H, LL (critical low), HH (critical high), a programme's interpretation (RR-TB, MDR-TB). */
export function FlagTag({ flag }: { flag: string | null | undefined }) {
  const { t } = useTranslation('clinical');
  if (!flag) return null;
  // A positive of a notifiable disease (LASSA FEVER POSITIVE …) is red too.
  const color = FLAG_COLORS[flag] ?? (PH_NOTIFY_FLAGS.includes(flag) ? 'red' : 'default');
  return (
    <Tag
      className={`clin-flag${color === 'red' ? ' clin-flag--alert' : ''}`}
      color={color}
      icon={color === 'red' ? <WarningFilled /> : undefined}
      title={KNOWN_FLAGS.has(flag) ? t(`flag.${flag}`) : flag}
    >
      {flag}
    </Tag>
  );
}

/** A culture's isolates: each organism with its antibiogram ("Amikacin S, Ampicillin R"). */
export function Isolates({ isolates }: { isolates: ResultItem['isolates'] }) {
  const organisms = useReference('organism');
  const antibiotics = useReference('antibiotic');
  const name = (rows: { id: number; name: string }[] | undefined, id: number) => rows?.find((r) => r.id === id)?.name ?? `#${id}`;
  return (
    <ul className="clin-isolates">
      {isolates.map((isolate, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a result's isolates never reorder, and one organism may be isolated twice
        <li key={i}>
          <em>{name(organisms.data, isolate.organism)}</em>
          {isolate.antibiogram.length > 0 && `: ${isolate.antibiogram.map((a) => `${name(antibiotics.data, a.antibiotic)} ${a.interpretation}`).join(', ')}`}
        </li>
      ))}
    </ul>
  );
}

/**
 * A value for reading: "< 40", "> 10,000,000", "1,250", "12.0" (at the test's declared `decimals`), "Target not
 * detected" in the interface language; a coded value as it is.
 */
export function useValueText() {
  const { t } = useTranslation('clinical');
  return (value: number | string | null | undefined, decimals?: number | null) =>
    readWireValue(value)?.qualifier === TARGET_NOT_DETECTED ? t('result.targetNotDetected') : formatResultValue(value, { decimals });
}

/**
 * A result's value with its unit and flag, its reference range when known, a
 * culture's isolates, and the programme's reading of it by the test's `code`
 * (viral load: suppressed or not, and the reporting band). The value and the
 * range are written at the test's declared `decimals`.
 */
export function ResultValue({
  result,
  code,
  decimals,
}: {
  result: Pick<ResultItem, 'value' | 'unit' | 'flag' | 'ref_low' | 'ref_high' | 'isolates'> | null;
  code?: string;
  decimals?: number | null;
}) {
  const valueText = useValueText();
  if (!result || result.value == null) return <span className="clin-muted">—</span>;
  const limit = (n: number | null) => (n == null ? '…' : formatNumber(n, { decimals, grouping: true }));
  const range = result.ref_low != null || result.ref_high != null ? `(${limit(result.ref_low)}–${limit(result.ref_high)})` : '';
  return (
    <span className="clin-result">
      {/* a value with its unit and a range read left to right in Arabic too ("13.4 ×10⁹/L", "(4–11)", "2+"); a range stays whole */}
      <bdi dir="ltr">
        <strong>{valueText(result.value, decimals)}</strong> {result.unit}
      </bdi>{' '}
      <FlagTag flag={result.flag} />{' '}
      {range && (
        <bdi dir="ltr" className="clin-muted" style={{ whiteSpace: 'nowrap' }}>
          {range}
        </bdi>
      )}
      <Slot slot={RESULT_READING} code={code} value={result.value} />
      {result.isolates.length > 0 && <Isolates isolates={result.isolates} />}
    </span>
  );
}

/** Marks an amendment under review: it replaces the released value only once approved. */
export function AmendmentNote({ result }: { result: { amends: number | null; amendment_reason: string | null } }) {
  const { t } = useTranslation('clinical');
  if (result.amends == null) return null;
  return (
    <div className="clin-amendment">
      <Tag color="magenta">{t('review.amendment')}</Tag>
      <span className="clin-muted">{result.amendment_reason}</span>
    </div>
  );
}
