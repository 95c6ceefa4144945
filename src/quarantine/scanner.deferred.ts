import * as scanner from './scanner.js';

/**
 * The injection scanner and its rule table. The library has them loaded already; the CLI bundle
 * loads them on the first write that is scanned or config that names rules (scripts/bundle-cli.js).
 */
export const loadScanner = (): typeof scanner => scanner;
