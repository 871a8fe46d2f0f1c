import type { PageProps } from '../../pages/pageProps';
import { ReviewPage } from './ReviewPage';

export default function ApprovePage({ page }: PageProps) {
  return <ReviewPage page={page} mode="approve" />;
}
