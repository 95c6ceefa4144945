import * as reading from './reading.js';

/**
 * The transcript reader and handoff extractor. The library has them loaded already; the CLI bundle
 * loads them on the first call only (scripts/bundle-cli.js), so a search never does.
 */
export const loadReading = (): typeof reading => reading;
