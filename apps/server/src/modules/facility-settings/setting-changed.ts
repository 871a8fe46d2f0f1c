import type { Tx } from '../../core/db.js';
import { Hook } from '../../core/hooks.js';

/** A facility setting was created or changed: which one (its resource's path, e.g. `machine_setting`) and its id. */
export interface FacilitySettingChanged {
  tx: Tx;
  setting: string;
  id: number;
}

/**
 * Runs in the write's transaction, before it commits. Modules that act on settings (the analysers' listeners read
 * the machines) sit above facility settings and register here, so facility settings imports none of them.
 */
export const facilitySettingChanged = new Hook<FacilitySettingChanged>('facility setting changed');
