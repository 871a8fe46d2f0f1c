import type { ProgrammeDefinition } from '../programme.js';
import { GENERAL_CATALOGUE } from './catalogue.js';

/** The hospital laboratory's clinical orders: no request form, no interpretation rules. */
export const GENERAL: ProgrammeDefinition = { name: 'General', family: 'general', code: 'GEN', catalogue: GENERAL_CATALOGUE };
