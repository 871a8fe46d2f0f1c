import { Spin } from 'antd';
import { LoadError } from './LoadError';

interface Loadable {
  isPending: boolean;
  data: unknown;
  error: unknown;
  refetch: () => unknown;
}

/** What stands in for a query's content: a spinner while it loads, the error with a retry when it failed; null once it has data. */
export function queryState(query: Loadable, errorTitle: string) {
  if (query.isPending) return <Spin className="clin-loading" />;
  if (!query.data) return <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  return null;
}
