import nigeria from '@svg-maps/nigeria';
import { type KeyboardEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColourScale, NO_DATA_COLOUR } from './scale';
import { databaseName, stateKey } from './states';
import './nigeriaMap.css';

interface Location {
  id: string;
  name: string;
  path: string;
}
const MAP = nigeria as unknown as { viewBox: string; locations: Location[] };

/** A state's figure on the map: the number the colour comes from, and how it reads (a count, "< 5", a percentage). */
export interface MapValue {
  value: number | null;
  text: string;
}

export interface NigeriaMapProps {
  /** The figure per state, by `stateKey` of its name. */
  values: ReadonlyMap<string, MapValue>;
  scale: ColourScale;
  /** The map's accessible name: what it shows ("Malaria, positivity %"). */
  title: string;
  /** The legend's steps read in the measure's unit ("0–20", "20–40 %"). */
  binText: (from: number, to: number) => string;
  /** States that may be coloured (a state or LGA user's own); every state when absent. */
  only?: ReadonlySet<string>;
  /** The state chosen (drill-down), by key. */
  selected?: string;
  /** Clicking (or Enter on) a state that has a figure; absent, the map is not interactive. */
  onSelect?: (key: string) => void;
}

/**
 * Nigeria's 36 states and the FCT coloured by a figure, with a legend; each
 * state names itself and its figure (a tooltip, and to screen readers).
 * Shapes from @svg-maps/nigeria (CC BY 4.0), credited under the map.
 */
export function NigeriaMap({ values, scale, title, binText, only, selected, onSelect }: NigeriaMapProps) {
  const { t } = useTranslation('tierAnalytics');
  const states = useMemo(
    () =>
      MAP.locations.map((l) => {
        const key = stateKey(l.name);
        return { ...l, key, label: databaseName(l.name) };
      }),
    [],
  );
  const key = (event: KeyboardEvent, state: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect?.(state);
    }
  };
  return (
    <figure className="tier-map">
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG drawing of states, named as one group; a fieldset cannot hold SVG shapes */}
      <svg viewBox={MAP.viewBox} className="tier-map__svg" role="group" aria-label={title} data-testid="tier-map">
        {/* The chosen state last, so its outline is drawn above its neighbours'. */}
        {[...states.filter((s) => s.key !== selected), ...states.filter((s) => s.key === selected)].map((s) => {
          const shown = !only || only.has(s.key);
          const figure = shown ? values.get(s.key) : undefined;
          const colour = figure ? scale.colourOf(figure.value) : NO_DATA_COLOUR;
          const label = `${s.label}: ${figure ? figure.text : t('map.noData')}`;
          const interactive = Boolean(onSelect && figure);
          const className = `tier-map__state${selected === s.key ? ' tier-map__state--selected' : ''}`;
          const common = { d: s.path, fill: colour, 'data-state': s.label, 'data-coloured': figure ? 'true' : 'false', 'aria-label': label };
          if (!interactive) {
            return (
              // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG shape is not interactive; "img" names it with its figure
              <path key={s.id} {...common} className={className} role="img">
                <title>{label}</title>
              </path>
            );
          }
          return (
            // biome-ignore lint/a11y/useSemanticElements: a state's shape on the map cannot be a <button>; it behaves as one (focus, Enter, Space)
            <path
              key={s.id}
              {...common}
              className={`${className} tier-map__state--link`}
              role="button"
              aria-pressed={selected === s.key}
              tabIndex={0}
              onClick={() => onSelect?.(s.key)}
              onKeyDown={(e) => key(e, s.key)}
            >
              <title>{label}</title>
            </path>
          );
        })}
      </svg>
      <ul className="tier-map__legend" aria-label={t('map.legend')}>
        {scale.bins.map((b) => (
          <li key={b.from}>
            <span className="tier-map__swatch" style={{ background: b.colour }} aria-hidden />
            <bdi dir="ltr">{binText(b.from, b.to)}</bdi>
          </li>
        ))}
        <li>
          <span className="tier-map__swatch" style={{ background: NO_DATA_COLOUR }} aria-hidden />
          {t('map.noData')}
        </li>
      </ul>
      <figcaption className="tier-map__caption">
        {t('map.caption')}{' '}
        <bdi dir="ltr">
          @svg-maps/nigeria, Michael Chukwu,{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="license noreferrer" target="_blank">
            CC BY 4.0
          </a>
        </bdi>
      </figcaption>
    </figure>
  );
}
