/**
 * A dashboard's headline figures as data: each family declares its tiles
 * beside its dashboard's reply (`<family>/analytics.ts`), and the web's one
 * tile set draws them. A tile names where its figure sits in the reply, so a
 * renamed field fails the type check rather than a page.
 */

/** The pictures a tile may carry; the web maps each to an icon. */
export const TILE_ICONS = ['samples', 'tests', 'approved', 'positivity', 'positive', 'warning', 'turnaround', 'due', 'rejected', 'coverage'] as const;
export type TileIcon = (typeof TILE_ICONS)[number];

/** How a tile's figure reads: a count, a percentage, or a median in hours or days. */
export type TileUnit = 'count' | 'percent' | 'hours' | 'days';

type Numeric<V> = NonNullable<V> extends number ? true : false;

/** The dotted paths of a reply's numeric figures, lists excluded (`totals.samples`, `turnaround.median_hours`). */
export type FigurePath<T> = T extends readonly unknown[]
  ? never
  : {
      [K in keyof T & string]: Numeric<T[K]> extends true
        ? K
        : NonNullable<T[K]> extends readonly unknown[]
          ? never
          : NonNullable<T[K]> extends object
            ? `${K}.${FigurePath<NonNullable<T[K]>>}`
            : never;
    }[keyof T & string];

/** A figure the note of a tile quotes: one figure, the sum of several, or a figure read as a percentage. */
export type NoteFigure<T> = FigurePath<T> | { sum: readonly FigurePath<T>[] } | { percent: FigurePath<T> };

export interface TileSpec<T> {
  /** Its title is the family's `dashboard.<key>`, its note `dashboard.<key>Note`. */
  key: string;
  icon: TileIcon;
  value: FigurePath<T>;
  /** Default 'count'. */
  unit?: TileUnit;
  /** The figures the note quotes, by the name the note's text gives them. */
  note?: Readonly<Record<string, NoteFigure<T>>>;
  /** The figure calls for action: always (red), or when it is above zero. */
  alert?: 'always' | 'positive';
}

/** Declare a dashboard's tiles against its reply's type. */
export const defineTiles = <T>(tiles: readonly TileSpec<T>[]): readonly TileSpec<T>[] => tiles;

/** The figure at a path of a reply (null when the reply has none: a rate of an empty period). */
export function figureAt<T>(data: T, path: FigurePath<T>): number | null {
  let at: unknown = data;
  for (const key of (path as string).split('.')) at = (at as Record<string, unknown> | null | undefined)?.[key];
  return typeof at === 'number' ? at : null;
}

/** A note's figure: summed, or as it stands (a percentage is formatted by the reader). */
export function noteFigure<T>(data: T, figure: NoteFigure<T>): number | null {
  if (typeof figure === 'string') return figureAt(data, figure);
  if ('sum' in figure) return figure.sum.reduce((total, path) => total + (figureAt(data, path) ?? 0), 0);
  return figureAt(data, figure.percent);
}
