import type { ReactNode } from 'react';
import type { ReviewSample } from '../types';
import type { ResultLine } from './reviewLines';

/** What the review lists take, as a table (ReviewTable) or as cards on phones (ReviewCards). */
export interface ReviewListProps {
  rows: ReviewSample[];
  loading: boolean;
  emptyText: string;
  /** Samples ticked for one bulk move; left out where samples are not ticked. */
  selection?: { selected: number[]; onSelect: (ids: number[]) => void; disabled: (sample: ReviewSample) => boolean };
  /** A line's moves: reject or retest a result, amend a released one. */
  lineActions?: (line: ResultLine, sample: ReviewSample) => ReactNode;
  /** The sample's moves: validate or approve it whole, its report. */
  sampleActions: (sample: ReviewSample) => ReactNode;
  /** What the sample's last move met (a refusal), under its tests. */
  note?: (sample: ReviewSample) => ReactNode;
}
