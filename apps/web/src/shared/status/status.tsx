import { CANCELLED_STATUS, RESULT_STATUS, SAMPLE_STATUS } from '@nlims/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { sampleStatusKey, statusKey, testStatusKey } from './statusLabels';

const S = SAMPLE_STATUS;
const R = RESULT_STATUS;

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
const colorOf = (code: number | null | undefined) => (code != null && COLORS[code]) || 'default';

/** A status code's name in the interface language (sample 3 ACCEPTED, result 7 APPROVED); unknown codes read UNKNOWN STATUS (SPEC §4). */
export function statusText(t: TFunction, code: number | null | undefined): string {
  return t(statusKey(code));
}

/** A sample's one status: COMPLETED once every result is released, else its status (see statusLabels.ts). */
export const sampleStatusText = (t: TFunction, sample: { status: number; completed?: boolean | null }) => t(sampleStatusKey(sample));

/** A test's status: AWAITING RESULT until a result moves it, never its sample's status. */
export const testStatusText = (t: TFunction, status: number | null | undefined) => t(testStatusKey(status));

/** A status code as a coloured tag, by its own name (filters, history, counts). */
export function StatusTag({ code }: { code: number | null | undefined }) {
  const { t } = useTranslation('clinical');
  return (
    <Tag className="clin-status" color={colorOf(code)}>
      {statusText(t, code)}
    </Tag>
  );
}

/** A test's status tag: AWAITING RESULT, ENTERED, VERIFIED, APPROVED, REJECTED, RETEST, CANCELLED or (given its live sample's status) NOT APPLICABLE. */
export function TestStatusTag({ status, sampleStatus }: { status: number; sampleStatus?: number }) {
  const { t } = useTranslation('clinical');
  const key = testStatusKey(status, sampleStatus);
  return (
    <Tag className="clin-status" color={key === 'status.awaitingResult' || key === 'status.notApplicable' ? 'default' : colorOf(status)}>
      {t(key)}
    </Tag>
  );
}

/** A sample's status as one tag (COMPLETED once finished), and (unless `priority` is false) "Urgent" for urgent samples. */
export function SampleTags({ sample, priority = true }: { sample: { status: number; completed: boolean; priority: string }; priority?: boolean }) {
  const { t } = useTranslation('clinical');
  return (
    <>
      <Tag className={`clin-status${sample.completed ? ' clin-completed' : ''}`} color={sample.completed ? 'green' : colorOf(sample.status)}>
        {sampleStatusText(t, sample)}
      </Tag>
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
