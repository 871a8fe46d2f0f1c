import { ClientFacts } from '../common/ClientSummary';
import { ResultValue } from '../common/ResultValue';
import type { ResultRow } from '../types';

/** The client and the test with its value, as every result card on a phone shows them. */
export function ResultCardLines({ row }: { row: ResultRow }) {
  return (
    <>
      <div>
        {row.client_name} <ClientFacts client={row} />
      </div>
      <div>
        <strong>{row.test_type_name}</strong>: <ResultValue result={row} />
      </div>
    </>
  );
}
