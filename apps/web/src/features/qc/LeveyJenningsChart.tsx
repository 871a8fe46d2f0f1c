import type { QcResultItem } from '@nlims/contracts';
import { Empty } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRtl } from '../../i18n/languages';
import { ChartFrame } from '../../shared/charts/ChartFrame';
import { ltr } from '../../shared/format/figures';
import { canvasDirection } from '../../shared/charts/model';
import { formatDateTime } from '../../shared/format/format';
import { leveyJenningsConfig, MARK_STYLE, type PointMark, pointMark, resultText, rulesBroken, sdLines, type Tip, zText } from './leveyJennings';

export interface LeveyJenningsChartProps {
  /** What the chart shows (its accessible name and its table's caption). */
  label: string;
  results: readonly QcResultItem[];
  mean: number;
  sd: number;
  unit: string;
  /** The decimals of the axis, the target and the SD lines (qcDecimals). */
  decimals: number;
  height?: number;
}

/** A point's mark beside text (the legend, the tooltip): the shape and colour the chart draws it with. */
export function PointMarkIcon({ mark }: { mark: PointMark }) {
  const { color, shape } = MARK_STYLE[mark];
  return (
    <svg className="qc-lj__mark" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false" data-mark={mark}>
      {shape === 'circle' ? (
        <circle cx="6" cy="6" r="4" fill={color} />
      ) : shape === 'triangle' ? (
        <polygon points="6,0.5 11.5,11 0.5,11" fill={color} />
      ) : (
        <polygon points="6,0 12,6 6,12 0,6" fill={color} />
      )}
    </svg>
  );
}

/**
 * A control level's Levey–Jennings chart: its results over time against the lot's target and ±1, 2, 3 SD, each
 * point that broke a Westgard rule marked by shape and colour (a red diamond for a rejection, an amber triangle for
 * a warning) and named in its tooltip; the figures with the lot's decimals; a legend of the marks beneath. The
 * figures are also in a visually hidden table, with the rules each result broke.
 */
export function LeveyJenningsChart({ label, results, mean, sd, unit, decimals, height = 260 }: LeveyJenningsChartProps) {
  const { t, i18n } = useTranslation('qc');
  const rtl = isRtl(i18n.language);
  const [tip, setTip] = useState<Tip | null>(null);
  const lines = useMemo(() => sdLines(mean, sd, decimals), [mean, sd, decimals]);
  const lineName = (k: number) => (k === 0 ? t('mean') : `${k > 0 ? '+' : '−'}${Math.abs(k)} SD`);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the language stands for the texts the chart is given
  const config = useMemo(
    () =>
      leveyJenningsConfig({
        results,
        lines,
        decimals,
        rtl,
        valueLabel: t('column.value'),
        lineLabel: (line) => t('lineAt', { line: lineName(line.k), value: line.text }),
        onTip: (next) =>
          setTip((old) => (old && next && old.index === next.index && old.x === next.x && old.y === next.y && old.width === next.width ? old : next)),
      }),
    [results, lines, decimals, rtl, i18n.language],
  );

  if (!results.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chartEmpty')} />;
  const xTexts = results.map((r) => formatDateTime(r.run_at));
  const rulesText = (r: QcResultItem) =>
    rulesBroken(r)
      .map((v) => t('rule', { rule: v.rule, severity: t(`severity.${v.severity}`) }))
      .join(', ') || '—';
  const shown = tip ? results[tip.index] : undefined;
  return (
    <div className="qc-lj">
      <ChartFrame
        label={label}
        config={config}
        height={height}
        dir={canvasDirection(rtl, xTexts)}
        head={[t('column.at'), t('column.value'), t('column.z'), t('column.rules')]}
        rows={results.map((r, i) => [xTexts[i]!, resultText(r.value, decimals), zText(r.z), rulesText(r)])}
        lines={lines.map((line) => ({ label: lineName(line.k), value: line.text }))}
      />
      {tip && shown && (
        <div
          className="qc-lj__tip"
          role="tooltip"
          data-testid="qc-tooltip"
          style={{
            left: tip.x,
            top: Math.min(Math.max(tip.y, 44), Math.max(44, tip.height - 44)),
            transform: `translate(${tip.x > tip.width / 2 ? 'calc(-100% - 14px)' : '14px'}, -50%)`,
          }}
        >
          <div className="qc-lj__tip-title">{formatDateTime(shown.run_at)}</div>
          <div>
            <PointMarkIcon mark={pointMark(shown)} /> {t('tip.value', { value: ltr(`${resultText(shown.value, decimals)} ${unit}`.trim()) })}
          </div>
          <div>{t('tip.z', { z: ltr(zText(shown.z)) })}</div>
          {rulesBroken(shown).map((v) => (
            <div key={v.rule} className={`qc-lj__tip-rule qc-lj__tip-rule--${v.severity}`}>
              <PointMarkIcon mark={v.severity} /> {t('rule', { rule: v.rule, severity: t(`severity.${v.severity}`) })}
            </div>
          ))}
        </div>
      )}
      <ul className="qc-lj__legend" aria-label={t('legend.title')} data-testid="qc-legend">
        {(['result', 'warning', 'reject'] as const).map((mark) => (
          <li key={mark}>
            <PointMarkIcon mark={mark} /> {t(`legend.${mark}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
