import {
  groupDigits,
  setVlCutoffs,
  VL_CODES,
  VL_UNSUPPRESSED,
  type VlCategory,
  type VlCutoffsReply,
  vlBandLabels,
  vlClassify,
  vlCutoffs,
} from '@nlims/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import './vl.css';

/**
 * The cut-offs the server classifies by (`vl_classification/`), put in force
 * for the screens once fetched; contracts' defaults (WHO 2023, Nigeria's
 * bands) until then. Fetched once per session.
 */
export function useVlCutoffs() {
  return useQuery({
    queryKey: ['vl', 'classification'],
    queryFn: async ({ signal }) => {
      const reply = await api<VlCutoffsReply>('/api/vl_classification/', { signal, notify: false });
      setVlCutoffs({ suppressed_max: reply.suppressed_max, bands: reply.bands });
      return reply;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const CATEGORY_COLOR: Record<VlCategory, string> = { undetectable: 'green', suppressed: 'blue', unsuppressed: 'red' };

/** A category in the interface language, with its cut-off: "Suppressed (≤ 1,000 copies/mL)". */
export function useCategoryText() {
  const { t } = useTranslation('vl');
  return (category: VlCategory) => t(`class.${category}`, { max: groupDigits(vlCutoffs().suppressed_max) });
}

/**
 * The reading of a viral-load copies result: its category (undetectable,
 * suppressed, unsuppressed) as a coloured tag and its reporting band. Nothing
 * for any other test, or a value that is not a copies result.
 */
export function VlReading({ code, value }: { code: string | undefined; value: number | string | null | undefined }) {
  const { t } = useTranslation('vl');
  const category = useCategoryText();
  useVlCutoffs();
  if (code !== VL_CODES.RNA) return null;
  const c = vlClassify(value);
  if (!c) return null;
  return (
    <span className="vl-reading" data-testid="vl-reading" data-category={c.category}>
      <Tag color={CATEGORY_COLOR[c.category]}>{category(c.category)}</Tag>
      <span className="clin-muted">
        {t('class.bandLabel')} <bdi dir="ltr">{vlBandLabels()[c.band]}</bdi>
      </span>
    </span>
  );
}

/** The alert an unsuppressed viral load raises, on the sample and at entry. */
export function VlAlert({ flags }: { flags: readonly (string | null | undefined)[] }) {
  const { t } = useTranslation('vl');
  useVlCutoffs();
  if (!flags.includes(VL_UNSUPPRESSED)) return null;
  return (
    <Alert
      className="vl-alert"
      type="error"
      showIcon
      role="alert"
      data-testid="vl-alert"
      title={t('alert.unsuppressed', { max: groupDigits(vlCutoffs().suppressed_max) })}
      description={t('alert.next')}
    />
  );
}
