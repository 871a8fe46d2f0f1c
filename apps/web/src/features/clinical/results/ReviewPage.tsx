import { SearchOutlined } from '@ant-design/icons';
import { RESULT_STATUS as R } from '@nlims/contracts';
import { Alert, Button, Input, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../shared/page/pageProps';
import { useNotices } from '../../../shared/notices';
import { useSession } from '../../auth/useSession';
import { useReview } from '../api';
import { ClinicalPage } from '../../../shared/page/ClinicalPage';
import { errorDetail } from '../../../shared/forms/forms';
import { ListPager } from '../../../shared/list/ListPager';
import type { ReviewSample } from '../types';
import { ReasonModal, type ReasonTarget } from './ReasonModal';
import { enteredBy, type ResultLine, resultsIn } from './reviewLines';
import { ReviewList } from './ReviewList';
import { SignatureModal } from './SignatureModal';
import { useReviewList } from './useReviewList';
import '../../../shared/list/list.css';

type Mode = 'verify' | 'approve';

/** What a move met: the server's refusal (403 separation of duties, 409 …) and the samples it left unchanged. */
interface Refusal {
  samples: ReviewSample[];
  text: string;
}

/**
 * Validation (ENTERED → VERIFIED) or approval (VERIFIED → APPROVED, signed
 * with the password): one row per sample with its tests inside. A sample is
 * moved whole — its results in the page's status, in one all-or-nothing
 * request — or several ticked samples at once; one result may still be
 * rejected or sent for retest.
 */
export function ReviewPage({ page, mode }: PageProps & { mode: Mode }) {
  const { t } = useTranslation('clinical');
  const { message } = useNotices();
  const status = mode === 'verify' ? R.ENTERED : R.VERIFIED;
  const { list, rows, total, loading, fetching } = useReviewList(status);
  const review = useReview();
  const me = useSession().user?.username;
  const [selected, setSelected] = useState<number[]>([]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [signing, setSigning] = useState<ReviewSample[] | null>(null);
  const [reason, setReason] = useState<ReasonTarget | null>(null);

  const due = (sample: ReviewSample) => resultsIn(sample, status);
  // Separation of duties: whoever entered a result may not verify it (the server refuses it too).
  const own = (sample: ReviewSample) => (mode === 'verify' ? enteredBy(due(sample), me) : []);
  const blocked = (sample: ReviewSample) => !due(sample).length || own(sample).length > 0;
  // Selection is kept to the samples of the page shown that can be moved.
  const live = rows.filter((s) => selected.includes(s.id) && !blocked(s));
  const count = (samples: ReviewSample[]) => samples.reduce((sum, s) => sum + due(s).length, 0);

  const move = async (samples: ReviewSample[], password?: string) => {
    const ids = samples.flatMap((s) => due(s).map((r) => r.id));
    setRefusal(null);
    try {
      await review.mutateAsync({ action: mode, ids, body: password ? { password } : {} });
      setSelected((s) => s.filter((id) => !samples.some((x) => x.id === id)));
      void message.success(t(mode === 'verify' ? 'review.verified' : 'review.approved', { count: ids.length }));
    } catch (error) {
      // A wrong password stays in the signature dialog; refusals (403, 409) are shown with the samples they left unchanged.
      const text = errorDetail(error);
      if (text && (!password || !(error as { fieldErrors?: Record<string, unknown> }).fieldErrors?.password)) setRefusal({ samples, text });
      throw error;
    }
  };
  const act = (samples: ReviewSample[]) => (mode === 'approve' ? setSigning(samples) : void move(samples).catch(() => undefined));
  const verb = t(mode === 'verify' ? 'review.verify' : 'review.approve');
  const single = refusal?.samples.length === 1 ? refusal.samples[0]!.id : null;

  const sampleAction = (sample: ReviewSample) => {
    const results = due(sample);
    if (!results.length) return null;
    const label = t('review.sampleAction', { verb, count: results.length });
    if (own(sample).length)
      return (
        <>
          <Button size="small" disabled>
            {label}
          </Button>
          <span className="clin-muted">{t('review.ownSample')}</span>
        </>
      );
    if (mode === 'approve')
      return (
        <Button size="small" type="primary" onClick={() => act([sample])}>
          {label}
        </Button>
      );
    return (
      <Popconfirm
        title={t('review.confirmVerifySample', { count: results.length })}
        okText={verb}
        cancelText={t('common.back')}
        onConfirm={() => act([sample])}
      >
        <Button size="small" type="primary">
          {label}
        </Button>
      </Popconfirm>
    );
  };

  const lineActions = (line: ResultLine, sample: ReviewSample) =>
    line.result.status === status && (
      <>
        <Button size="small" danger onClick={() => setReason({ id: line.result.id, barcode: sample.barcode, testName: line.test_type_name, action: 'reject' })}>
          {t('review.reject')}
        </Button>
        {line.result.amends == null && (
          // An amendment is verified, approved or rejected; a new run is a matter for the released test.
          <Button size="small" onClick={() => setReason({ id: line.result.id, barcode: sample.barcode, testName: line.test_type_name, action: 'retest' })}>
            {t('review.retest')}
          </Button>
        )}
      </>
    );

  return (
    <ClinicalPage page={page}>
      <div className="clin-toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('samples.search')}
          aria-label={t('samples.search')}
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.target.value)}
        />
        <Button type="primary" disabled={!live.length} loading={review.isPending && !signing} onClick={() => act(live)}>
          {t('review.selected', { verb, count: live.length })}
        </Button>
      </div>
      {refusal && single == null && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setRefusal(null)}
          title={refusal.text}
          description={t('review.unchanged', { samples: refusal.samples.map((s) => s.barcode).join(', ') })}
        />
      )}
      <ReviewList
        rows={rows}
        loading={loading || fetching}
        emptyText={t('review.empty')}
        selection={{ selected: live.map((s) => s.id), onSelect: setSelected, disabled: blocked }}
        lineActions={lineActions}
        sampleActions={sampleAction}
        note={(sample) =>
          sample.id === single && <Alert className="rv-refused" type="error" showIcon closable onClose={() => setRefusal(null)} title={refusal!.text} />
        }
      />
      <ListPager list={list} total={total} />
      {signing && (
        <SignatureModal
          count={count(signing)}
          samples={signing.map((s) => s.barcode)}
          title={t('review.signatureTitle')}
          okText={verb}
          onSign={(password) => move(signing, password)}
          onClose={() => setSigning(null)}
        />
      )}
      {reason && <ReasonModal target={reason} onClose={() => setReason(null)} />}
    </ClinicalPage>
  );
}
