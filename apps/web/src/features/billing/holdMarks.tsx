import { type ReactNode, Suspense } from 'react';
import { lazyNamed } from '../../shared/registry';
import { useLabNumberHolds } from './holds';

const HoldNotice = lazyNamed(() => import('./HoldNotice'), 'HoldNotice');

/** The General report's rows: a held order's tag under its lab number, the page's holds asked in one request. */
export function useHoldMarks(labNumbers: readonly string[]): (labNumber: string) => ReactNode {
  const holds = useLabNumberHolds(labNumbers);
  return (labNumber) => {
    const hold = holds.get(labNumber);
    return hold ? (
      <div>
        <Suspense fallback={null}>
          <HoldNotice hold={hold} compact />
        </Suspense>
      </div>
    ) : null;
  };
}
