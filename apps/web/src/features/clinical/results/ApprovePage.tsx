import type { PageProps } from '../../../shared/page/pageProps';
import { ReviewPage } from './ReviewPage';

export default function ApprovePage({ page }: PageProps) {
  return <ReviewPage page={page} mode="approve" />;
}
