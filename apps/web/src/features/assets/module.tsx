import { lazy } from 'react';
import { INSTRUMENT_CHOICES } from '../clinical/slots';
import { defineModule, fillHook } from '../../shared/registry';
import { useInstrumentAvailability } from './availability';

/** Result entry's instrument choice: an instrument whose every machine here is unavailable is offered disabled, with why. */
const useInstrumentChoices = () => useInstrumentAvailability().mark;

/** The equipment register, its form and the bulk check-out; the availability of instruments on result entry. */
export default defineModule({
  name: 'assets',
  pages: {
    '/commodities/asset': lazy(() => import('./AssetsPage')),
    '/commodities/createAsset': lazy(() => import('./CreateAssetPage')),
    '/commodities/bulkCheckOutAsset': lazy(() => import('./BulkCheckOutPage')),
  },
  fills: [fillHook(INSTRUMENT_CHOICES, useInstrumentChoices)],
});
