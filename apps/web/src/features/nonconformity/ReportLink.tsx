import { AlertOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotices } from '../../shared/notices';
import type { DraftSource } from './api';
import { draftPath } from './filters';

/**
 * The way from an event the system saw (a sample rejected at reception or on arrival of a shipment, a QC run
 * rejected, a result amended) to a non-conformity report pre-filled from it. The pages that raise such events use
 * these; the texts load with this feature's catalog, so each waits for it on its own.
 */
function LinkButton({ source, refId, onOpen, size }: { source: DraftSource; refId: number; onOpen?: () => void; size?: 'small' | 'middle' }) {
  const { t } = useTranslation('nonConformity');
  const navigate = useNavigate();
  return (
    <Button
      size={size}
      icon={<AlertOutlined />}
      onClick={() => {
        onOpen?.();
        navigate(draftPath(source, refId));
      }}
      data-testid="ncr-report-link"
    >
      {t('report')}
    </Button>
  );
}

/** A "Report a non-conformity" button leading to the form pre-filled from this event. */
export function ReportNcrButton(props: { source: DraftSource; refId: number; size?: 'small' | 'middle'; onOpen?: () => void }) {
  return (
    <Suspense fallback={null}>
      <LinkButton {...props} />
    </Suspense>
  );
}

function PromptText({ source, lab }: { source: DraftSource; lab?: string }) {
  const { t } = useTranslation('nonConformity');
  return <>{t(`prompt.${source}`, { lab: lab ?? '' })}</>;
}

/** After the event: a notice offering to report it, for a while (the user may be busy with the next sample). */
export function useReportPrompt() {
  const { notification } = useNotices();
  return (source: DraftSource, refId: number, lab?: string) => {
    const key = `ncr-${source}-${refId}`;
    notification.info({
      key,
      duration: 20,
      title: (
        <Suspense fallback={null}>
          <PromptText source={source} lab={lab} />
        </Suspense>
      ),
      actions: <ReportNcrButton source={source} refId={refId} size="small" onOpen={() => notification.destroy(key)} />,
    });
    return key;
  };
}
