import { useTranslation } from 'react-i18next';
import { useLookupRows } from '../../resources/queries';
import { EMPTY_SHADE, GRID_COLUMNS, GRID_ROWS, scale, shadeOf, STATE_TILES } from './stateGrid';

const TILE = 56;
const GAP = 4;
const STEP = TILE + GAP;

/**
 * Facilities per state on a tile-grid map of Nigeria: one square per state
 * with its code, shaded by count, the state's name and count in the tooltip.
 * A map keeps its orientation in right-to-left languages.
 */
export function StateTileMap({ counts }: { counts: Map<number, number> }) {
  const { t } = useTranslation('admin');
  const { data: states } = useLookupRows({ path: 'state' });
  const max = Math.max(0, ...counts.values());
  const steps = scale(max);
  const tiles = (states ?? []).filter((s) => STATE_TILES[String(s.code)]);

  return (
    <figure className="tile-map">
      <svg viewBox={`0 0 ${GRID_COLUMNS * STEP - GAP} ${GRID_ROWS * STEP - GAP}`} role="img" aria-label={t('dashboard.map')}>
        {tiles.map((state) => {
          const [col, row] = STATE_TILES[String(state.code)]!;
          const count = counts.get(state.id) ?? 0;
          const fill = shadeOf(count, steps);
          const dark = fill === steps[steps.length - 1]?.shade || fill === steps[steps.length - 2]?.shade;
          return (
            <g key={state.id} transform={`translate(${col * STEP} ${row * STEP})`} className="tile-map__tile">
              <title>{t('dashboard.stateTooltip', { name: String(state.name), code: String(state.code), count })}</title>
              <rect width={TILE} height={TILE} rx={6} fill={fill} stroke="#fff" />
              <text x={TILE / 2} y={TILE / 2 - 2} textAnchor="middle" className="tile-map__code" fill={dark ? '#fff' : '#13212e'}>
                {String(state.code)}
              </text>
              <text x={TILE / 2} y={TILE / 2 + 14} textAnchor="middle" className="tile-map__count" fill={dark ? '#fff' : '#40505f'}>
                {count}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="tile-map__legend">
        <span className="tile-map__key">
          <i style={{ background: EMPTY_SHADE }} />0
        </span>
        {steps.map((s) => (
          <span key={s.from} className="tile-map__key">
            <i style={{ background: s.shade }} />
            {s.from === s.to ? s.from : `${s.from}–${s.to}`}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
