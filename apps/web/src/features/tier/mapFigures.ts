import { type ShownCount, SUPPRESSED_LABEL, WITHHELD } from '@nlims/contracts';
import { useTranslation } from 'react-i18next';
import { countText, percentText } from './figures';
import type { MapMeasure } from './filters';
import type { MapValue } from './NigeriaMap';
import { stateKey } from './states';

/**
 * Each state's figure of a measure, keyed for the map; a suppressed count reads "< 5" (from the server's null, never
 * worked out here), a withheld one `withheldText`, both uncoloured.
 */
export function mapValues<R extends { tests: number; positives: ShownCount; positivity_percent: number | null }>(
  rows: readonly R[],
  measure: MapMeasure,
  nameOf: (row: R) => string,
  withheldText = WITHHELD as string,
): Map<string, MapValue> {
  const m = new Map<string, MapValue>();
  for (const r of rows) {
    const shown = measure === 'tests' ? r.tests : measure === 'positives' ? r.positives : r.positivity_percent;
    const value = shown === WITHHELD ? null : shown;
    const text = shown === WITHHELD ? withheldText : measure === 'positivity' ? percentText(value) : value == null ? SUPPRESSED_LABEL : countText(value);
    m.set(stateKey(nameOf(r)), { value, text });
  }
  return m;
}

/** How a measure reads on the map and in its legend. */
export function useMeasureText() {
  const { t } = useTranslation('tierAnalytics');
  return {
    binText: (measure: MapMeasure) => (from: number, to: number) => (measure === 'positivity' ? `${from}–${to}%` : `${countText(from)}–${countText(to)}`),
    label: (measure: MapMeasure) => t(`measure.${measure}`),
    withheld: t('withheld'),
  };
}
