import * as resolver from './resolver.js';

/**
 * The correction resolver and its lexicon. The library has them loaded already; the CLI bundle loads
 * them when a record is first indexed (scripts/bundle-cli.js), so a search on an up-to-date index never does.
 */
export const loadResolver = (): typeof resolver => resolver;
