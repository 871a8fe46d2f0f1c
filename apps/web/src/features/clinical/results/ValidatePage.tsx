import type { PageProps } from '../../../shared/page/pageProps';
import { ReviewPage } from './ReviewPage';

export default function ValidatePage({ page }: PageProps) {
  return <ReviewPage page={page} mode="verify" />;
}
