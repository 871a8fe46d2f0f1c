import { RESULT_STATUS as R } from '@nlims/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format';
import { AmendmentNote, ResultValue } from '../common/ResultValue';
import { TestStatusTag } from '../../../shared/status/status';
import type { ReviewTest } from '../types';
import { lineKey, memberName, type ResultLine, testGroups } from './reviewLines';
import './review.css';

interface Props {
  tests: readonly ReviewTest[];
  /** A line's moves (reject, retest, amend), for a test with a result. */
  actions?: (line: ResultLine) => ReactNode;
  /** The lines' column headings are in the table's header: the labels of who entered and verified stay for screen readers only. */
  headed?: boolean;
  /** The sample's status: a test closed on a sample that goes on reads NOT APPLICABLE, not CANCELLED. */
  sampleStatus?: number;
}

/**
 * A sample's tests as lines, panel members under the panel's name: the test
 * with its status (ENTERED, VERIFIED, APPROVED …), the value with unit, flag
 * and reference range, its comment, who entered and verified it and when, and
 * the line's moves. Four columns on a wide screen, stacked on a phone.
 */
export function SampleTests({ tests, actions, headed, sampleStatus }: Props) {
  const line = (test: ReviewTest) => <TestLine key={lineKey(test)} test={test} actions={actions} headed={headed} sampleStatus={sampleStatus} />;
  return (
    <div className={`rv-tests${actions ? ' rv-tests--actions' : ''}`}>
      {testGroups(tests).map((group) =>
        group.panel ? (
          <div key={`panel:${group.panel.id}`} className="rv-panel">
            <div className="rv-panel__name">{group.panel.name}</div>
            {group.tests.map(line)}
          </div>
        ) : (
          line(group.tests[0])
        ),
      )}
    </div>
  );
}

/** The column headings of the lines, for the table's Tests column. */
export function SampleTestsHeading({ actions }: { actions?: boolean }) {
  const { t } = useTranslation('clinical');
  return (
    <div className={`rv-line rv-line--head${actions ? ' rv-line--actions' : ''}`}>
      <span>{t('samples.test')}</span>
      <span>{t('results.result')}</span>
      <span>
        {t('review.enteredBy')} · {t('review.verifiedBy')}
      </span>
      {actions && <span />}
    </div>
  );
}

function TestLine({ test, actions, headed, sampleStatus }: { test: ReviewTest; actions?: Props['actions']; headed?: boolean; sampleStatus?: number }) {
  const { t } = useTranslation('clinical');
  const { result } = test;
  const amended = result != null && (result.version > 1 || result.amends != null);
  const who = (label: string, name: string | null, at: string | Date | null) =>
    name && (
      <div>
        <span className={headed ? 'rv-visually-hidden' : 'clin-muted'}>{label}: </span>
        <bdi>{name}</bdi> <span className="clin-muted rv-when">{formatDateTime(at)}</span>
      </div>
    );
  return (
    <div className={`rv-line${actions ? ' rv-line--actions' : ''}${result?.amends != null && result.status !== R.APPROVAL ? ' rv-line--amendment' : ''}`}>
      <div className="rv-line__test">
        <span className="rv-line__name" title={test.test_type_name}>
          {memberName(test.test_type_name, test.panel_name)}
        </span>
        <span className="rv-line__status">
          <TestStatusTag status={result?.status ?? test.test_status} sampleStatus={sampleStatus} />
          {amended && (
            <span className="clin-muted">
              {t('manage.version', { version: result.version })}
              {result.amends != null && result.status === R.APPROVAL && ` · ${t('manage.amended')}`}
            </span>
          )}
        </span>
      </div>
      <div className="rv-line__result">
        <ResultValue result={result} code={test.code} decimals={test.decimals} />
        {result?.comment && <div className="clin-muted">{result.comment}</div>}
        {result && <AmendmentNote result={result} />}
      </div>
      <div className="rv-line__who">
        {result && who(t('review.enteredBy'), result.entered_by_name ?? result.entered_by, result.entered_at)}
        {result && who(t('review.verifiedBy'), result.verified_by_name ?? result.verified_by, result.verified_at)}
        {result?.approved_at && (
          <div className="clin-muted">
            {t('manage.released')}: <span className="rv-when">{formatDateTime(result.approved_at)}</span>
          </div>
        )}
      </div>
      {actions && <div className="rv-line__actions">{result && actions({ ...test, result })}</div>}
    </div>
  );
}
