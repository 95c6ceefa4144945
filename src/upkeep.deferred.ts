import * as upkeep from './upkeep.js';

/**
 * Forgetting, topics, the duplicate report, doctor and verify. The library has them loaded already;
 * the CLI bundle loads them when one of them runs (scripts/bundle-cli.js), never for a search or a write.
 */
export const loadUpkeep = (): typeof upkeep => upkeep;
