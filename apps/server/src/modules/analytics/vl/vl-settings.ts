import { setVlCutoffs, VL_DEFAULT_CUTOFFS, type VlCutoffs } from '@nlims/contracts';

/**
 * The viral-load cut-offs from the environment, read once at start:
 * `VL_SUPPRESSED_MAX` (copies/mL still suppressed; default 1000, WHO 2023)
 * and `VL_BANDS` (the reporting bands' boundaries, ascending, comma-separated;
 * default 20,200,1000, Nigeria's bands < 20, 20–199, 200–999, ≥ 1000). A bad
 * value stops the server with the reason rather than classifying wrongly.
 */
export function vlCutoffsFromEnv(env: NodeJS.ProcessEnv = process.env): VlCutoffs {
  const max = env.VL_SUPPRESSED_MAX?.trim();
  const bands = env.VL_BANDS?.trim();
  const cutoffs = {
    suppressed_max: max ? Number(max) : VL_DEFAULT_CUTOFFS.suppressed_max,
    bands: bands ? bands.split(',').map((b) => Number(b.trim())) : VL_DEFAULT_CUTOFFS.bands,
  };
  try {
    setVlCutoffs(cutoffs);
  } catch (error) {
    throw new Error(`VL_SUPPRESSED_MAX / VL_BANDS are not valid cut-offs (${max ?? ''} / ${bands ?? ''}): ${(error as Error).message}`);
  }
  return cutoffs;
}
