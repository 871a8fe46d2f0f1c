import { TABLET_UP, useMediaQuery } from '../../../shared/page/useMediaQuery';
import { ReviewCards } from './ReviewCards';
import type { ReviewListProps } from './reviewListProps';
import { ReviewTable } from './ReviewTable';
import './review.css';

/**
 * The review lists (validation, approval, released): one row per sample,
 * with the sample and client, its tests as lines (panel members under the
 * panel's name) and the sample's moves — a table, or cards on phones, chosen
 * here and nowhere else. The page's pager sits below.
 */
export function ReviewList(props: ReviewListProps) {
  const wide = useMediaQuery(TABLET_UP);
  return wide ? <ReviewTable {...props} /> : <ReviewCards {...props} />;
}
