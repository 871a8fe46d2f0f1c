import type { PageProps } from '../../pages/pageProps';
import { ReviewPage } from './ReviewPage';

export default function ValidatePage({ page }: PageProps) {
  return <ReviewPage page={page} mode="verify" />;
}
