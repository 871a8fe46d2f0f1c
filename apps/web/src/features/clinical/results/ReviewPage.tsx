import { SearchOutlined } from '@ant-design/icons';
import { RESULT_STATUS as R } from '@nlims/contracts';
import { Alert, Button, Input, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../pages/pageProps';
import { useNotices } from '../../app/notices';
import { useSession } from '../../auth/useSession';
import { useReview } from '../api';
import { ClinicalPage } from '../common/ClinicalPage';
import { errorDetail } from '../common/forms';
import { ReasonModal } from './ReasonModal';
import { ReviewTable } from './ReviewTable';
import { SignatureModal } from './SignatureModal';
import { useReviewRows, type ReviewRow } from './useReviewRows';
import { ListPager } from '../common/ListPager';
import '../../resources/resources.css';

type Mode = 'verify' | 'approve';

/** Validation (ENTERED → VERIFIED) or approval (VERIFIED → APPROVAL, signed with the password): one row or many in one request. */
export function ReviewPage({ page, mode }: PageProps & { mode: Mode }) {
  const { t } = useTranslation('clinical');
  const { message } = useNotices();
  const { list, rows, total, loading, fetching } = useReviewRows(mode === 'verify' ? R.ENTERED : R.VERIFIED);
  const review = useReview();
  const me = useSession().user?.username;
  const [selected, setSelected] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [signing, setSigning] = useState<number[] | null>(null);
  const [reason, setReason] = useState<{ row: ReviewRow; action: 'reject' | 'retest' } | null>(null);
  // Selection is kept to the rows of the page shown.
  const live = selected.filter((id) => rows.some((r) => r.id === id));

  const move = async (ids: number[], password?: string) => {
    setProblem(null);
    try {
      await review.mutateAsync({ action: mode, ids, body: password ? { password } : {} });
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      void message.success(t(mode === 'verify' ? 'review.verified' : 'review.approved', { count: ids.length }));
    } catch (error) {
      // A wrong password stays in the signature dialog; refusals (403, 409) are shown above the list.
      if (!password || !(error as { fieldErrors?: Record<string, unknown> }).fieldErrors?.password) setProblem(errorDetail(error));
      throw error;
    }
  };
  const act = (ids: number[]) => (mode === 'approve' ? setSigning(ids) : void move(ids).catch(() => undefined));
  const verb = t(mode === 'verify' ? 'review.verify' : 'review.approve');

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
      {problem && <Alert type="error" showIcon closable onClose={() => setProblem(null)} title={problem} />}
      <ReviewTable
        rows={rows}
        loading={loading || fetching}
        selected={live}
        onSelect={setSelected}
        showVerifier={mode === 'approve'}
        actions={(row) => (
          <>
            {mode === 'verify' ? (
              row.entered_by === me ? (
                // Separation of duties: whoever entered a result may not verify it (the server refuses it too).
                <Button size="small" disabled title={t('review.ownResult')}>
                  {verb}
                </Button>
              ) : (
                <Popconfirm title={t('review.confirmVerify')} okText={verb} cancelText={t('common.back')} onConfirm={() => act([row.id])}>
                  <Button size="small" type="primary">
                    {verb}
                  </Button>
                </Popconfirm>
              )
            ) : (
              <Button size="small" type="primary" onClick={() => act([row.id])}>
                {verb}
              </Button>
            )}
            <Button size="small" danger onClick={() => setReason({ row, action: 'reject' })}>
              {t('review.reject')}
            </Button>
            {row.amends == null && (
              // An amendment is verified, approved or rejected; a new run is a matter for the released test.
              <Button size="small" onClick={() => setReason({ row, action: 'retest' })}>
                {t('review.retest')}
              </Button>
            )}
          </>
        )}
      />
      <ListPager list={list} total={total} />
      {signing && (
        <SignatureModal
          count={signing.length}
          title={t('review.signatureTitle')}
          okText={verb}
          onSign={(password) => move(signing, password)}
          onClose={() => setSigning(null)}
        />
      )}
      {reason && <ReasonModal row={reason.row} action={reason.action} onClose={() => setReason(null)} />}
    </ClinicalPage>
  );
}
