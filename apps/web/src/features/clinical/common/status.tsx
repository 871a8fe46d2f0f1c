import { CANCELLED_STATUS, RESULT_STATUS, SAMPLE_STATUS } from '@nlims/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const S = SAMPLE_STATUS;
const R = RESULT_STATUS;
/** Every code a sample or a test can carry: sample codes 1–4 and 10–16, result codes 5–9. */
const KNOWN = new Set<number>([...Object.values(S), ...Object.values(R), CANCELLED_STATUS]);

const COLORS: Record<number, string> = {
  [S.ORDERED]: 'default',
  [S.COLLECTED]: 'cyan',
  [S.APPROVED]: 'blue',
  [S.REJECTED]: 'red',
  [S.RECEIVED]: 'geekblue',
  [S.ONGOING]: 'processing',
  [S.WORKSHEET]: 'purple',
  [S.DISPATCHED]: 'magenta',
  [S.PARTIALLY_REJECTED]: 'volcano',
  [S.ON_HOLD]: 'warning',
  [R.ENTERED]: 'gold',
  [R.VERIFIED]: 'lime',
  [R.APPROVAL]: 'success',
  [R.REJECTED]: 'error',
  [R.RETEST]: 'orange',
  [CANCELLED_STATUS]: 'default',
};

/** The status name in the interface language; unknown codes read UNKNOWN STATUS (SPEC §4). */
export function statusText(t: TFunction, code: number | null | undefined): string {
  return code != null && KNOWN.has(code) ? t(`status.${code}`) : t('status.unknown');
}

export function StatusTag({ code }: { code: number | null | undefined }) {
  const { t } = useTranslation('clinical');
  return (
    <Tag className="clin-status" color={(code != null && COLORS[code]) || 'default'}>
      {statusText(t, code)}
    </Tag>
  );
}

/** A sample's status, with "Completed" once every result is released and (unless `priority` is false) "Urgent" for urgent samples. */
export function SampleTags({ sample, priority = true }: { sample: { status: number; completed: boolean; priority: string }; priority?: boolean }) {
  const { t } = useTranslation('clinical');
  return (
    <>
      <StatusTag code={sample.status} />
      {sample.completed && (
        <Tag color="green" className="clin-completed">
          {t('samples.completed')}
        </Tag>
      )}
      {priority && sample.priority === 'urgent' && <Tag color="red">{t('priority.urgent')}</Tag>}
    </>
  );
}

/** Status filter choices of the sample lists. */
export const SAMPLE_FILTER_STATUSES: readonly number[] = [
  S.ORDERED,
  S.COLLECTED,
  S.APPROVED,
  S.ONGOING,
  S.REJECTED,
  S.PARTIALLY_REJECTED,
  S.ON_HOLD,
  S.RECEIVED,
  CANCELLED_STATUS,
];
