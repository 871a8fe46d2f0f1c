import { VL_CODES } from '@nlims/contracts';
import type { FamilyHistory } from '../history-kit.js';

/**
 * Viral load's part of the generated history: the panel (copies/mL and its log10). Its numbers are drawn with the
 * others (history-values.ts): copies skewed to the low end of the reportable range, the log10 computed from them,
 * UNSUPPRESSED above the cut-off as the programme's rule flags it at entry.
 */
export const VL_HISTORY: FamilyHistory = {
  programmes: [{ program: 'Viral Load', share: 0.07, tests: [{ test: VL_CODES.PANEL, share: 1 }] }],
  values: {},
};
