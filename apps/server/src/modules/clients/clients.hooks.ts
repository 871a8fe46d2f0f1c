import type { Tx } from '../../core/db.js';
import { Collector } from '../../core/hooks.js';

/**
 * What clients asks of the modules that keep records of a client (the sample core's orders). They sit above
 * clients and answer from their own folders (`<module>.module.ts`), so clients never imports them.
 */

/** The programmes (by name) in which these clients have records. */
export const programsOfClients = new Collector<{ tx: Tx; clientIds: readonly number[] }, readonly string[]>('programmes of clients');

/**
 * Two records of one person are merged, in the merge's transaction: each module moves the duplicate's records to
 * the client kept and answers with how many it moved, under the name the merge's audit row gives them.
 */
export const clientsMerged = new Collector<{ tx: Tx; duplicate: number; keep: number }, Record<string, number>>('clients merged');
