import { PLATE_GRID, type PlateSize } from '@nlims/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { distinguishingTails } from './wellIds';

/** What one well shows: a control's name or a sample's barcode, its value after the run, and how it ended. */
export interface Well {
  well: string;
  kind: 'sample' | 'control' | 'blank' | 'duplicate';
  /** The whole text of the well (its title, and what a screen reader reads). */
  label: string;
  /** The sample's laboratory number (a duplicate's: its sample's), shown by the part that tells the plate's samples apart. */
  barcode?: string;
  urgent?: boolean;
  value?: string | null;
  outcome?: 'entered' | 'retest' | 'passed' | 'failed' | null;
}

/**
 * A plate drawn as its rows and columns (A–H × 1–12 for 96 wells; a GeneXpert's modules), each well with what it
 * holds. Wells are buttons when `onPick` is given (to swap, move or remove a sample); `selected` is outlined.
 * The plate keeps the instrument's left-to-right layout in every language. A laboratory number is shown by its
 * distinguishing tail ("26-000032"), the whole number in the well's title and for a screen reader.
 */
export function PlateGrid({ size, wells, selected, onPick }: { size: number; wells: Well[]; selected?: string | null; onPick?: (well: string) => void }) {
  const { t } = useTranslation('worksheets');
  const { rows, columns } = PLATE_GRID[size as PlateSize] ?? PLATE_GRID[96];
  const byWell = new Map(wells.map((w) => [w.well, w]));
  const tails = useMemo(() => distinguishingTails(wells.flatMap((w) => (w.barcode ? [w.barcode] : []))), [wells]);
  const letters = Array.from({ length: rows }, (_, r) => String.fromCharCode(65 + r));
  const numbers = Array.from({ length: columns }, (_, c) => c + 1);
  return (
    <div className="ws-plate" dir="ltr">
      <table className="ws-plate__table" aria-label={t('plate')}>
        <thead>
          <tr>
            <th scope="col" aria-label={t('plate')} />
            {numbers.map((n) => (
              <th key={n} scope="col" className="ws-plate__head">
                {n}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {letters.map((letter) => (
            <tr key={letter}>
              <th scope="row" className="ws-plate__head">
                {letter}
              </th>
              {numbers.map((n) => {
                const name = `${letter}${n}`;
                const w = byWell.get(name);
                const className = [
                  'ws-well',
                  `ws-well--${w?.kind ?? 'empty'}`,
                  w?.outcome ? `ws-well--${w.outcome}` : '',
                  selected === name ? 'ws-well--selected' : '',
                  w?.urgent ? 'ws-well--urgent' : '',
                ]
                  .filter(Boolean)
                  .join(' ');
                const tail = w?.barcode ? tails.get(w.barcode) : undefined;
                const content = (
                  <>
                    <span className="ws-well__name">{name}</span>
                    {w && tail ? (
                      <>
                        {/* the tail wraps only at its hyphens; the whole number is read instead */}
                        <span className="ws-well__label ws-well__label--id" aria-hidden="true">
                          {w.kind === 'duplicate' && <span className="ws-well__kind">{t('duplicateMark')}</span>}
                          {tail}
                        </span>
                        <span className="sr-only">{w.label}</span>
                      </>
                    ) : (
                      <span className="ws-well__label">{w?.label ?? ''}</span>
                    )}
                    {w?.value && <span className="ws-well__value">{w.value}</span>}
                  </>
                );
                const title = w ? `${name}: ${w.label}${w.value ? ` — ${w.value}` : ''}` : `${name}: ${t('emptyWell')}`;
                return (
                  <td key={name} data-well={name}>
                    {onPick && (!w || w.kind === 'sample') ? (
                      <button
                        type="button"
                        className={className}
                        title={title}
                        data-label={w?.label}
                        aria-pressed={selected === name}
                        onClick={() => onPick(name)}
                      >
                        {content}
                      </button>
                    ) : (
                      <div className={className} title={title} data-label={w?.label}>
                        {content}
                      </div>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
