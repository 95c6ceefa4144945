import * as judge from './judge.js';

/**
 * The duplicate judge (signatures, bands, the pair verdict). The library has it loaded already; the
 * CLI bundle loads it when a record is first indexed (scripts/bundle-cli.js), not for a search.
 */
export const loadJudge = (): typeof judge => judge;
